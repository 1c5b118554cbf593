package io.tally.plan;

import io.tally.exec.expr.DecimalRange;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * DECIMAL {@code + - *} whose exact result can have more digits than its type: Calcite caps the
 * type at 38 digits ({@code DECIMAL(38, 0) * 2} is {@code DECIMAL(38, 0)}) while its row code
 * computes the exact {@code BigDecimal}, so a 39-digit value would pass as a DECIMAL(38). Such a
 * call is wrapped in {@link #CHECK}, which fails as {@link DecimalRange#check} says (as DuckDB
 * does); the vectorized kernels apply the same rule and read through the wrapper.
 */
final class DecimalOverflow {
    /** {@code DECIMAL_RANGE_CHECK(value, precision, scale, 'OP')}: not callable from SQL. */
    static final SqlOperator CHECK =
            new SqlUserDefinedFunction(
                    new SqlIdentifier("DECIMAL_RANGE_CHECK", SqlParserPos.ZERO),
                    SqlKind.OTHER_FUNCTION,
                    ReturnTypes.ARG0,
                    InferTypes.RETURN_TYPE,
                    null,
                    ScalarFunctionImpl.create(DecimalRange.class, "check"));

    private DecimalOverflow() {}

    /** {@code call} wrapped in {@link #CHECK} if its value can exceed its type, else itself. */
    static RexNode wrap(RexBuilder rex, RexCall call) {
        SqlKind kind = call.getKind();
        RelDataType type = call.getType();
        if ((kind != SqlKind.PLUS && kind != SqlKind.MINUS && kind != SqlKind.TIMES)
                || type.getSqlTypeName() != SqlTypeName.DECIMAL
                || call.getOperands().size() != 2
                || exactDigits(rex.getTypeFactory(), call) <= type.getPrecision()) {
            return call;
        }
        return rex.makeCall(
                type,
                CHECK,
                List.of(
                        call,
                        rex.makeLiteral(
                                type.getPrecision(),
                                rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER)),
                        rex.makeLiteral(
                                type.getScale(),
                                rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER)),
                        rex.makeLiteral(kind.name())));
    }

    /** Whether {@code node} is a {@link #CHECK} call; its operand 0 is the checked call. */
    static boolean isCheck(RexNode node) {
        return node instanceof RexCall call && call.getOperator() == CHECK;
    }

    /**
     * Digits the exact result of a decimal {@code + -} or {@code *} may need, by the SQL standard's
     * rules without the cap: {@code max(p1 - s1, p2 - s2) + max(s1, s2) + 1} and {@code p1 + p2}
     * (integers counted as Calcite's DECIMAL equivalents).
     */
    private static int exactDigits(RelDataTypeFactory f, RexCall call) {
        RelDataType a = decimal(f, call.getOperands().get(0).getType());
        RelDataType b = decimal(f, call.getOperands().get(1).getType());
        if (a == null || b == null) {
            return 0;
        }
        if (call.getKind() == SqlKind.TIMES) {
            return a.getPrecision() + b.getPrecision();
        }
        return Math.max(a.getPrecision() - a.getScale(), b.getPrecision() - b.getScale())
                + Math.max(a.getScale(), b.getScale())
                + 1;
    }

    private static RelDataType decimal(RelDataTypeFactory f, RelDataType t) {
        if (t.getSqlTypeName() == SqlTypeName.DECIMAL) {
            return t;
        }
        return SqlTypeName.INT_TYPES.contains(t.getSqlTypeName()) ? f.decimalOf(t) : null;
    }
}
