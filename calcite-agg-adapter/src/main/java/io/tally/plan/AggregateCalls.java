package io.tally.plan;

import io.tally.batch.DataType;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.CallOptions;
import io.tally.exec.state.CoMoments;
import io.tally.exec.state.TopKOrder;
import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlJsonConstructorNullClause;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlJsonArrayAggAggFunction;
import org.apache.calcite.sql.fun.SqlJsonObjectAggAggFunction;

/**
 * Maps Calcite's aggregate calls to the runtime's ({@link io.tally.exec.state.AggregateCall}): the
 * function, its arguments (a WITHIN GROUP column is appended to them unless it is one already, and
 * ordering is kept for the functions whose result depends on it), the constant of LITERAL_AGG and
 * of the percentiles ({@link AggregateCall#rexList}, see {@link PlanFixes}), and NULL handling
 * (IGNORE NULLS, JSON's ABSENT ON NULL).
 */
final class AggregateCalls {
    private static final Map<SqlKind, AggKind> KINDS =
            Map.ofEntries(
                    Map.entry(SqlKind.COUNT, AggKind.COUNT),
                    Map.entry(SqlKind.SUM, AggKind.SUM),
                    Map.entry(SqlKind.SUM0, AggKind.SUM0),
                    Map.entry(SqlKind.AVG, AggKind.AVG),
                    Map.entry(SqlKind.MIN, AggKind.MIN),
                    Map.entry(SqlKind.MAX, AggKind.MAX),
                    Map.entry(SqlKind.STDDEV_POP, AggKind.STDDEV_POP),
                    Map.entry(SqlKind.STDDEV_SAMP, AggKind.STDDEV_SAMP),
                    Map.entry(SqlKind.VAR_POP, AggKind.VAR_POP),
                    Map.entry(SqlKind.VAR_SAMP, AggKind.VAR_SAMP),
                    Map.entry(SqlKind.ANY_VALUE, AggKind.ANY_VALUE),
                    Map.entry(SqlKind.SINGLE_VALUE, AggKind.SINGLE_VALUE),
                    Map.entry(SqlKind.GROUPING, AggKind.GROUPING),
                    Map.entry(SqlKind.GROUPING_ID, AggKind.GROUPING_ID),
                    Map.entry(SqlKind.BIT_AND, AggKind.BIT_AND),
                    Map.entry(SqlKind.BIT_OR, AggKind.BIT_OR),
                    Map.entry(SqlKind.BIT_XOR, AggKind.BIT_XOR),
                    Map.entry(SqlKind.LISTAGG, AggKind.LISTAGG),
                    Map.entry(SqlKind.STRING_AGG, AggKind.LISTAGG),
                    Map.entry(SqlKind.ARRAY_AGG, AggKind.ARRAY_AGG),
                    Map.entry(SqlKind.LITERAL_AGG, AggKind.LITERAL_AGG),
                    Map.entry(SqlKind.COVAR_POP, AggKind.COVAR_POP),
                    Map.entry(SqlKind.COVAR_SAMP, AggKind.COVAR_SAMP),
                    Map.entry(SqlKind.REGR_COUNT, AggKind.REGR_COUNT),
                    Map.entry(SqlKind.REGR_SXX, AggKind.REGR_SXX),
                    Map.entry(SqlKind.REGR_SYY, AggKind.REGR_SYY),
                    Map.entry(SqlKind.MODE, AggKind.MODE),
                    Map.entry(SqlKind.ARG_MIN, AggKind.ARG_MIN),
                    Map.entry(SqlKind.ARG_MAX, AggKind.ARG_MAX),
                    Map.entry(SqlKind.PERCENTILE_CONT, AggKind.PERCENTILE_CONT),
                    Map.entry(SqlKind.PERCENTILE_DISC, AggKind.PERCENTILE_DISC),
                    Map.entry(SqlKind.COLLECT, AggKind.COLLECT),
                    Map.entry(SqlKind.FUSION, AggKind.FUSION),
                    Map.entry(SqlKind.INTERSECTION, AggKind.INTERSECTION),
                    Map.entry(SqlKind.ARRAY_CONCAT_AGG, AggKind.ARRAY_CONCAT_AGG),
                    Map.entry(SqlKind.JSON_ARRAYAGG, AggKind.JSON_ARRAYAGG),
                    Map.entry(SqlKind.JSON_OBJECTAGG, AggKind.JSON_OBJECTAGG));

    /** Functions whose result depends on the order of their input (WITHIN GROUP is kept). */
    private static final Set<AggKind> ORDERED =
            EnumSet.of(
                    AggKind.LISTAGG,
                    AggKind.ARRAY_AGG,
                    AggKind.COLLECT,
                    AggKind.FUSION,
                    AggKind.ARRAY_CONCAT_AGG,
                    AggKind.JSON_ARRAYAGG,
                    AggKind.JSON_OBJECTAGG);

    private AggregateCalls() {}

    /** The input columns {@code call} reads: arguments, FILTER and WITHIN GROUP columns. */
    static List<Integer> columns(AggregateCall call) {
        List<Integer> columns = new ArrayList<>(call.getArgList());
        if (call.filterArg >= 0) {
            columns.add(call.filterArg);
        }
        for (RelFieldCollation c : call.collation.getFieldCollations()) {
            columns.add(c.getFieldIndex());
        }
        return columns;
    }

    /**
     * The runtime call for {@code call}, named {@code name}, whose input column {@code c} is the
     * runtime input's column {@code position[c]}.
     *
     * @throws UnsupportedQueryException naming the function and why Tally cannot run it
     */
    static io.tally.exec.state.AggregateCall toExec(
            AggregateCall call, String name, int[] position) {
        SqlAggFunction function = call.getAggregation();
        AggKind kind = kind(function);
        if (call.distinctKeys != null) {
            throw new UnsupportedQueryException(
                    function.getName()
                            + " … WITHIN DISTINCT ("
                            + call
                            + ") is not supported by Tally's aggregate");
        }
        DataType out = ExecTypes.of(call.getType(), "result of " + function.getName());
        List<Integer> args = new ArrayList<>();
        call.getArgList().forEach(a -> args.add(position[a]));
        CallOptions options = CallOptions.NONE;
        if (kind == AggKind.PERCENTILE_CONT || kind == AggKind.PERCENTILE_DISC) {
            RelFieldCollation order = call.collation.getFieldCollations().get(0);
            args.clear();
            args.add(position[order.getFieldIndex()]);
            options =
                    CallOptions.ordered(List.of(sortKey(order, 0)), 1)
                            .withConstant(fraction(call, function));
        } else if (kind == AggKind.LITERAL_AGG) {
            options = options.withConstant(constant(call.rexList.get(0), out));
        } else if (ORDERED.contains(kind) && !call.collation.getFieldCollations().isEmpty()) {
            List<TopKOrder.SortKey> keys = new ArrayList<>();
            int arity = args.size();
            for (RelFieldCollation c : call.collation.getFieldCollations()) {
                int column = position[c.getFieldIndex()];
                int arg = args.indexOf(column);
                if (arg < 0) {
                    arg = args.size();
                    args.add(column);
                }
                keys.add(sortKey(c, arg));
            }
            options = CallOptions.ordered(keys, arity);
        }
        options = options.withSkipNulls(skipsNulls(call, kind));
        return new io.tally.exec.state.AggregateCall(
                kind,
                args,
                call.isDistinct(),
                call.filterArg >= 0 ? position[call.filterArg] : -1,
                out,
                name,
                null,
                options);
    }

    private static AggKind kind(SqlAggFunction function) {
        if (TallyOperatorTable.isMedian(function)) {
            return AggKind.MEDIAN;
        }
        CoMoments.Function coMoment = TallyOperatorTable.coMoment(function);
        if (coMoment != null) {
            return AggKind.valueOf(coMoment.name());
        }
        AggKind kind = KINDS.get(function.getKind());
        if (kind == null) {
            throw new UnsupportedQueryException(
                    "Aggregate function "
                            + function.getName()
                            + " is not supported by Tally's aggregate");
        }
        return kind;
    }

    private static TopKOrder.SortKey sortKey(RelFieldCollation c, int arg) {
        return new TopKOrder.SortKey(
                arg,
                c.getDirection().isDescending(),
                c.nullDirection == RelFieldCollation.NullDirection.FIRST);
    }

    /** The constant fraction of a percentile (moved into {@code rexList} by {@link PlanFixes}). */
    private static Double fraction(AggregateCall call, SqlAggFunction function) {
        if (call.rexList.size() != 1 || !(call.rexList.get(0) instanceof RexLiteral)) {
            throw new UnsupportedQueryException(
                    function.getName()
                            + " needs a constant fraction"
                            + " (a literal between 0 and 1)");
        }
        BigDecimal f = ((RexLiteral) call.rexList.get(0)).getValueAs(BigDecimal.class);
        return f == null ? null : f.doubleValue();
    }

    /** LITERAL_AGG's literal as the runtime holds a value of type {@code type}. */
    private static Serializable constant(RexNode node, DataType type) {
        RexLiteral literal = (RexLiteral) node;
        if (literal.isNull()) {
            return null;
        }
        switch (type.type()) {
            case BOOLEAN:
                return literal.getValueAs(Boolean.class);
            case DECIMAL:
                return literal.getValueAs(BigDecimal.class);
            case REAL:
            case DOUBLE:
                return literal.getValueAs(Double.class);
            case CHAR:
            case VARCHAR:
                return literal.getValueAs(String.class);
            case DATE:
            case TIME:
                return literal.getValueAs(Integer.class).longValue();
            default:
                return literal.getValueAs(Long.class);
        }
    }

    /** IGNORE NULLS of ARRAY_AGG, ABSENT ON NULL of the JSON aggregates. */
    private static boolean skipsNulls(AggregateCall call, AggKind kind) {
        SqlAggFunction f = call.getAggregation();
        if (f instanceof SqlJsonArrayAggAggFunction) {
            return ((SqlJsonArrayAggAggFunction) f).getNullClause()
                    == SqlJsonConstructorNullClause.ABSENT_ON_NULL;
        }
        if (f instanceof SqlJsonObjectAggAggFunction) {
            return ((SqlJsonObjectAggAggFunction) f).getNullClause()
                    == SqlJsonConstructorNullClause.ABSENT_ON_NULL;
        }
        return kind == AggKind.ARRAY_AGG && call.ignoreNulls();
    }
}
