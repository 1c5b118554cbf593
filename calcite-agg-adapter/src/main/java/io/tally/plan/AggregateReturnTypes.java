package io.tally.plan;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Result types of aggregates whose Calcite type says NOT NULL where the function can give NULL,
 * which makes the planner fold {@code r IS NULL} to false and {@code COALESCE(r, 'x')} to {@code r}
 * (issue 18's wrong answers): an aggregate without GROUP BY (or with FILTER) can see no row, and
 * ARG_MIN/ARG_MAX skip rows whose comparison value is NULL.
 */
final class AggregateReturnTypes {
    private AggregateReturnTypes() {}

    /** {@code inference}'s type, nullable when the group may be empty (no GROUP BY, FILTER). */
    static SqlReturnTypeInference nullableIfEmpty(SqlReturnTypeInference inference) {
        return binding -> {
            RelDataType type = inference.inferReturnType(binding);
            return type == null ? null : nullableIf(binding, type, mayBeEmpty(binding));
        };
    }

    /**
     * ARG_MIN(x, y) / ARG_MAX(x, y): x's type, nullable if x or y is, or the group may be empty (a
     * group whose every y is NULL has no answer).
     */
    static final SqlReturnTypeInference ARG_EXTREME =
            binding -> {
                RelDataType x = binding.getOperandType(0);
                boolean nullable =
                        x.isNullable()
                                || binding.getOperandType(1).isNullable()
                                || mayBeEmpty(binding);
                return nullableIf(binding, x, nullable);
            };

    /**
     * PERCENTILE_CONT: interpolates, so a number gives DOUBLE (Calcite's type, the ORDER BY
     * expression's, would truncate 2.5 to 2 for INTEGER) and a DATE or TIMESTAMP gives TIMESTAMP
     * (DuckDB); nullable if the expression is or the group may be empty.
     */
    static final SqlReturnTypeInference PERCENTILE_CONT =
            binding -> {
                RelDataType order = collationType(binding);
                RelDataTypeFactory f = binding.getTypeFactory();
                RelDataType type;
                if (SqlTypeUtil.isNumeric(order)) {
                    type = f.createSqlType(SqlTypeName.DOUBLE);
                } else if (order.getSqlTypeName() == SqlTypeName.TIMESTAMP) {
                    type = order;
                } else if (order.getSqlTypeName() == SqlTypeName.DATE) {
                    type = f.createSqlType(SqlTypeName.TIMESTAMP);
                } else {
                    throw new UnsupportedQueryException(
                            "PERCENTILE_CONT interpolates between values, so its"
                                    + " ORDER BY expression must be a number, DATE or TIMESTAMP, not "
                                    + order.getFullTypeString()
                                    + " (PERCENTILE_DISC takes any type)");
                }
                return nullableIf(binding, type, order.isNullable() || mayBeEmpty(binding));
            };

    /** PERCENTILE_DISC: the ORDER BY expression's type, nullable if the group may be empty. */
    static final SqlReturnTypeInference PERCENTILE_DISC =
            binding -> {
                RelDataType order = collationType(binding);
                return nullableIf(binding, order, mayBeEmpty(binding));
            };

    /**
     * The type of a percentile's WITHIN GROUP column: from the binding, or, where Calcite binds the
     * call without it (under FILTER), from {@link AggregateValidator}.
     */
    private static RelDataType collationType(SqlOperatorBinding binding) {
        try {
            return binding.getCollationType();
        } catch (UnsupportedOperationException e) {
            if (binding instanceof SqlCallBinding) {
                SqlCallBinding call = (SqlCallBinding) binding;
                if (call.getValidator() instanceof AggregateValidator) {
                    RelDataType type =
                            ((AggregateValidator) call.getValidator())
                                    .percentileOrderType(call.getCall(), call.getScope());
                    if (type != null) {
                        return type;
                    }
                }
            }
            throw e;
        }
    }

    private static boolean mayBeEmpty(SqlOperatorBinding binding) {
        return binding.hasEmptyGroup() || binding.hasFilter();
    }

    private static RelDataType nullableIf(
            SqlOperatorBinding binding, RelDataType type, boolean nullable) {
        return nullable && !type.isNullable()
                ? binding.getTypeFactory().createTypeWithNullability(type, true)
                : type;
    }
}
