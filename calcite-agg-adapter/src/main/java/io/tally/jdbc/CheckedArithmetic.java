package io.tally.jdbc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlConformance;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;

/**
 * Makes every integer and DECIMAL expression checked, as in PostgreSQL and DuckDB: an overflow is
 * an error (SQLState 22003), never a wrapped value. Calcite does this when the conformance asks for
 * it ({@link SqlConformance#checkedArithmetic()}: {@code + - * /} and unary minus become its
 * CHECKED operators, DECIMAL results get a range-checked CAST), so the prepare context is given a
 * conformance that asks; {@code ABS}, which Calcite leaves unchecked, is rewritten to {@code CASE
 * WHEN x < 0 THEN -x ELSE x END} with the checked minus.
 */
final class CheckedArithmetic {
    private CheckedArithmetic() {}

    /** {@code context} with the same settings, but checked arithmetic in its conformance. */
    static CalcitePrepare.Context checked(CalcitePrepare.Context context) {
        CalciteConnectionConfig config = context.config();
        if (config.conformance().checkedArithmetic()) {
            return context;
        }
        SqlConformance conformance =
                new SqlDelegatingConformance(config.conformance()) {
                    @Override
                    public boolean checkedArithmetic() {
                        return true;
                    }
                };
        CalciteConnectionConfig checkedConfig =
                delegate(CalciteConnectionConfig.class, config, "conformance", conformance);
        return delegate(CalcitePrepare.Context.class, context, "config", checkedConfig);
    }

    /** A proxy of {@code target} whose no-argument method {@code method} returns {@code value}. */
    private static <T> T delegate(Class<T> type, T target, String method, Object value) {
        return type.cast(
                Proxy.newProxyInstance(
                        type.getClassLoader(),
                        new Class<?>[] {type},
                        (proxy, m, args) -> {
                            if (m.getName().equals(method) && m.getParameterCount() == 0) {
                                return value;
                            }
                            try {
                                return m.invoke(target, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        }));
    }

    /** Rewrites {@code ABS} of exact integer types in every expression of {@code rel}. */
    static RelNode checkAbs(RelNode rel) {
        RexBuilder rexBuilder = rel.getCluster().getRexBuilder();
        RexShuttle abs =
                new RexShuttle() {
                    @Override
                    public RexNode visitCall(RexCall call) {
                        RexCall visited = (RexCall) super.visitCall(call);
                        if (visited.getOperator() != SqlStdOperatorTable.ABS
                                || !SqlTypeName.INT_TYPES.contains(
                                        visited.getType().getSqlTypeName())) {
                            return visited;
                        }
                        RexNode x = visited.getOperands().get(0);
                        RexNode negative =
                                rexBuilder.makeCall(
                                        SqlStdOperatorTable.LESS_THAN,
                                        x,
                                        rexBuilder.makeZeroLiteral(x.getType()));
                        RexNode minus =
                                rexBuilder.makeCall(
                                        visited.getType(),
                                        SqlStdOperatorTable.CHECKED_UNARY_MINUS,
                                        List.of(x));
                        return rexBuilder.makeCall(
                                visited.getType(),
                                SqlStdOperatorTable.CASE,
                                List.of(negative, minus, x));
                    }
                };
        return rel.accept(
                new RelHomogeneousShuttle() {
                    @Override
                    public RelNode visit(RelNode other) {
                        return super.visit(other).accept(abs);
                    }
                });
    }
}
