package io.tally.plan;

import java.util.Collections;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandMetadata;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Operands of Tally's numeric aggregates (MEDIAN, CORR, REGR_*): each must be a number (or an
 * untyped NULL), checked without Calcite's implicit coercion, which would turn {@code MEDIAN(name)}
 * into {@code MEDIAN(CAST(name AS DECIMAL))} and fail only when a row is read. Parameters are named
 * as in the standard: {@code x}, or {@code (y, x)}.
 */
final class NumericOperands implements SqlOperandMetadata {
    private final List<String> names;

    NumericOperands(int count) {
        this.names = count == 1 ? List.of("x") : List.of("y", "x");
    }

    @Override
    public List<RelDataType> paramTypes(RelDataTypeFactory typeFactory) {
        return Collections.nCopies(names.size(), typeFactory.createSqlType(SqlTypeName.ANY));
    }

    @Override
    public List<String> paramNames() {
        return names;
    }

    @Override
    public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
        for (int i = 0; i < binding.getOperandCount(); i++) {
            RelDataType type = binding.getOperandType(i);
            if (!SqlTypeUtil.isNumeric(type) && type.getSqlTypeName() != SqlTypeName.NULL) {
                if (throwOnFailure) {
                    throw binding.newValidationSignatureError();
                }
                return false;
            }
        }
        return true;
    }

    @Override
    public SqlOperandCountRange getOperandCountRange() {
        return SqlOperandCountRanges.of(names.size());
    }

    @Override
    public String getAllowedSignatures(SqlOperator op, String opName) {
        return opName
                + "("
                + String.join(", ", Collections.nCopies(names.size(), "<NUMERIC>"))
                + ")";
    }
}
