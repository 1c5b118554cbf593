package io.tally.plan;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.util.Util;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.checkerframework.checker.nullness.qual.PolyNull;

/**
 * Calcite's validator with rewrites done before validation:
 *
 * <ul>
 *   <li>CUBE and ROLLUP become explicit GROUPING SETS, so a repeated column keeps its duplicate
 *       grouping sets (Calcite's expansion dedupes them: {@code CUBE(a, b, a)} gave 4 sets, not the
 *       standard's 8);
 *   <li>STRING_AGG becomes LISTAGG (WITHIN GROUP for its ORDER BY), as Calcite's converter would do
 *       later, but with Tally's LISTAGG, whose type is nullable over no rows;
 *   <li>operators with a wrong result type are swapped for {@link TallyOperatorTable}'s equal
 *       replacements.
 * </ul>
 *
 * and two corrections: PERCENTILE_DISC takes any comparable ORDER BY type (it picks a value;
 * Calcite accepts only types with a difference, as for PERCENTILE_CONT), and a percentile's type is
 * known under FILTER too (Calcite derives it without the WITHIN GROUP column and fails).
 *
 * <p>Not final: a validator with further rewrites (Tally's SQL dialect) extends this one and calls
 * {@code super} in the methods it overrides.
 */
public class AggregateValidator extends SqlValidatorImpl {
    /** The WITHIN GROUP column of each percentile call, by identity of the call. */
    private final Map<SqlCall, SqlNode> percentileOrder = new IdentityHashMap<>();

    public AggregateValidator(
            SqlOperatorTable opTab,
            SqlValidatorCatalogReader catalogReader,
            RelDataTypeFactory typeFactory,
            Config config) {
        super(opTab, catalogReader, typeFactory, config);
    }

    /**
     * The type of percentile call {@code call}'s WITHIN GROUP column in {@code scope}, or null if
     * it is not a percentile with one.
     */
    final RelDataType percentileOrderType(SqlCall call, SqlValidatorScope scope) {
        SqlNode order = percentileOrder.get(call);
        return order == null ? null : deriveType(scope, order);
    }

    @Override
    public void validateAggregateParams(
            SqlCall aggCall,
            @Nullable SqlNode filter,
            @Nullable SqlNodeList distinctList,
            @Nullable SqlNodeList orderList,
            SqlValidatorScope scope) {
        if (aggCall.getKind() == SqlKind.PERCENTILE_DISC
                && aggCall.operandCount() == 1
                && orderList != null
                && orderList.size() == 1) {
            RelDataType type = deriveType(scope, orderList.get(0));
            SqlTypeFamily family = type.getSqlTypeName().getFamily();
            if (family == null || family.allowableDifferenceTypes().isEmpty()) {
                // any comparable type: check the rest of the call with a number in its place
                SqlNodeList standIn =
                        new SqlNodeList(
                                List.of(
                                        SqlLiteral.createExactNumeric(
                                                "0", orderList.getParserPosition())),
                                orderList.getParserPosition());
                super.validateAggregateParams(aggCall, filter, distinctList, standIn, scope);
                return;
            }
        }
        super.validateAggregateParams(aggCall, filter, distinctList, orderList, scope);
    }

    @Override
    protected @PolyNull SqlNode performUnconditionalRewrites(
            @PolyNull SqlNode node, boolean underFrom) {
        SqlNode rewritten = super.performUnconditionalRewrites(node, underFrom);
        if (!(rewritten instanceof SqlCall)) {
            return rewritten;
        }
        SqlCall call = (SqlCall) rewritten;
        switch (call.getKind()) {
            case CUBE:
            case ROLLUP:
                return groupingSets(call);
            case WITHIN_GROUP:
                SqlNode aggregate = call.operand(0);
                SqlNodeList order = call.operand(1);
                if (aggregate instanceof SqlCall
                        && order.size() == 1
                        && (aggregate.getKind() == SqlKind.PERCENTILE_CONT
                                || aggregate.getKind() == SqlKind.PERCENTILE_DISC)) {
                    percentileOrder.put((SqlCall) aggregate, order.get(0));
                }
                return call;
            case STRING_AGG:
                return listagg(call);
            default:
                if (call instanceof SqlBasicCall) {
                    SqlOperator op = call.getOperator();
                    SqlOperator replacement = TallyOperatorTable.replacement(op);
                    if (replacement != op) {
                        ((SqlBasicCall) call).setOperator(replacement);
                    }
                }
                return call;
        }
    }

    /**
     * {@code CUBE(e1, …, en)} as the GROUPING SETS of all 2^n sublists, {@code ROLLUP(e1, …, en)}
     * as those of its n + 1 prefixes, an element {@code (a, b)} counting as one; repeated
     * expressions stay, so sets may repeat (each repetition gives its rows again, as in PostgreSQL
     * and DuckDB).
     */
    private static SqlNode groupingSets(SqlCall call) {
        List<List<SqlNode>> elements = new ArrayList<>();
        for (SqlNode operand : call.getOperandList()) {
            elements.add(
                    operand.getKind() == SqlKind.ROW
                            ? ((SqlCall) operand).getOperandList()
                            : List.of(operand));
        }
        int n = elements.size();
        List<SqlNode> sets = new ArrayList<>();
        if (call.getKind() == SqlKind.ROLLUP) {
            for (int len = n; len >= 0; len--) {
                sets.add(set(elements.subList(0, len), call.getParserPosition()));
            }
        } else {
            if (n > 30) {
                throw new UnsupportedQueryException(
                        "CUBE of "
                                + n
                                + " elements has 2^"
                                + n
                                + " grouping sets; at most 30 elements are supported");
            }
            for (int mask = (1 << n) - 1; mask >= 0; mask--) {
                List<List<SqlNode>> chosen = new ArrayList<>();
                for (int e = 0; e < n; e++) {
                    if ((mask & (1 << (n - 1 - e))) != 0) {
                        chosen.add(elements.get(e));
                    }
                }
                sets.add(set(chosen, call.getParserPosition()));
            }
        }
        return SqlStdOperatorTable.GROUPING_SETS.createCall(call.getParserPosition(), sets);
    }

    /** One grouping set of the concatenated {@code elements}, each expression a fresh copy. */
    private static SqlNode set(List<List<SqlNode>> elements, SqlParserPos pos) {
        List<SqlNode> exprs = new ArrayList<>();
        for (List<SqlNode> element : elements) {
            for (SqlNode e : element) {
                exprs.add(e.accept(DeepCopy.INSTANCE));
            }
        }
        if (exprs.isEmpty()) {
            return new SqlNodeList(pos);
        }
        return exprs.size() == 1 ? exprs.get(0) : SqlStdOperatorTable.ROW.createCall(pos, exprs);
    }

    /** {@code STRING_AGG(s [, sep] [ORDER BY …])} as Tally's {@code LISTAGG(s [, sep])}. */
    private static SqlNode listagg(SqlCall call) {
        List<SqlNode> operands = call.getOperandList();
        SqlNodeList order = null;
        if (!operands.isEmpty() && Util.last(operands) instanceof SqlNodeList) {
            order = (SqlNodeList) Util.last(operands);
            operands = Util.skipLast(operands);
        }
        SqlParserPos pos = call.getParserPosition();
        SqlLiteral quantifier = call.getFunctionQuantifier();
        SqlCall listagg =
                TallyOperatorTable.LISTAGG.createCall(
                        quantifier, pos, operands.toArray(new SqlNode[0]));
        return order == null || order.isEmpty()
                ? listagg
                : SqlStdOperatorTable.WITHIN_GROUP.createCall(pos, listagg, order);
    }

    /** Copies a tree, so expressions repeated in several grouping sets are distinct nodes. */
    private static final class DeepCopy extends SqlShuttle {
        static final DeepCopy INSTANCE = new DeepCopy();

        @Override
        public SqlNode visit(SqlIdentifier id) {
            return id.clone(id.getParserPosition());
        }

        @Override
        public SqlNode visit(SqlLiteral literal) {
            return literal.clone(literal.getParserPosition());
        }

        @Override
        public SqlNode visit(SqlCall call) {
            CallCopyingArgHandler handler = new CallCopyingArgHandler(call, true);
            call.getOperator().acceptCall(this, call, false, handler);
            return handler.result();
        }
    }
}
