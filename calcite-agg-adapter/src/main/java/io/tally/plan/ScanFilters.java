package io.tally.plan;

import com.google.common.collect.ImmutableRangeSet;
import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import com.google.common.collect.TreeRangeSet;
import io.tally.schema.ScanFilter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Reads from a filter condition the conjuncts a scan can use to skip data, as a {@link ScanFilter}:
 * {@code column op literal} for {@code = <> < <= > >=} (either side), {@code SEARCH} with a Sarg
 * (Calcite's form of {@code BETWEEN}, {@code IN} lists and ranges), {@code IS [NOT] NULL}, and a
 * bare boolean column or its {@code NOT}. The column must be a plain reference, of a type whose
 * literals {@link ScanFilter} normalizes; any other conjunct is left to the filter alone.
 */
final class ScanFilters {
    private ScanFilters() {}

    /**
     * The usable conjuncts of {@code condition}, over a scan producing table columns {@code fields}
     * (condition input {@code i} is table column {@code fields[i]}).
     */
    static ScanFilter of(RexNode condition, int[] fields) {
        List<ScanFilter.Term> terms = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            ScanFilter.Term term = term(conjunct, fields);
            if (term != null) {
                terms.add(term);
            }
        }
        return ScanFilter.of(terms);
    }

    private static ScanFilter.Term term(RexNode node, int[] fields) {
        ScanFilter.Term flag = booleanColumn(node, fields, true);
        if (flag != null) {
            return flag;
        }
        if (!(node instanceof RexCall call)) {
            return null;
        }
        switch (call.getKind()) {
            case NOT:
                return booleanColumn(call.operands.get(0), fields, false);
            case IS_NULL:
            case IS_NOT_NULL:
                if (call.operands.get(0) instanceof RexInputRef ref && normalizes(ref)) {
                    boolean isNull = call.getKind() == SqlKind.IS_NULL;
                    return ScanFilter.term(
                            fields[ref.getIndex()],
                            isNull ? ImmutableRangeSet.of() : ImmutableRangeSet.of(Range.all()),
                            isNull,
                            display(ref));
                }
                return null;
            case SEARCH:
                return search(call, fields);
            case EQUALS:
            case NOT_EQUALS:
            case LESS_THAN:
            case LESS_THAN_OR_EQUAL:
            case GREATER_THAN:
            case GREATER_THAN_OR_EQUAL:
                return comparison(call, fields);
            default:
                return null;
        }
    }

    /**
     * A boolean column standing alone as a conjunct: the term "it is {@code value}" (NULL never
     * matches); null when {@code node} is not a boolean column.
     */
    private static ScanFilter.Term booleanColumn(RexNode node, int[] fields, boolean value) {
        if (node instanceof RexInputRef ref
                && ref.getType().getSqlTypeName() == SqlTypeName.BOOLEAN) {
            return ScanFilter.term(
                    fields[ref.getIndex()],
                    ImmutableRangeSet.of(Range.singleton(value)),
                    false,
                    ScanFilter.Display.PLAIN);
        }
        return null;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static ScanFilter.Term search(RexCall call, int[] fields) {
        if (!(call.operands.get(0) instanceof RexInputRef ref)
                || !(call.operands.get(1) instanceof RexLiteral literal)
                || !normalizes(ref)) {
            return null;
        }
        Sarg<?> sarg = literal.getValueAs(Sarg.class);
        if (sarg == null) {
            return null;
        }
        RangeSet<Comparable> values = TreeRangeSet.create();
        for (Range<?> r : sarg.rangeSet.asRanges()) {
            Range<Comparable> normalized = normalize((Range) r);
            if (normalized == null) {
                return null;
            }
            values.add(normalized);
        }
        return ScanFilter.term(
                fields[ref.getIndex()], values, sarg.nullAs == RexUnknownAs.TRUE, display(ref));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static ScanFilter.Term comparison(RexCall call, int[] fields) {
        RexNode left = call.operands.get(0);
        RexNode right = call.operands.get(1);
        SqlKind kind = call.getKind();
        if (left instanceof RexLiteral && right instanceof RexInputRef) {
            RexNode swap = left;
            left = right;
            right = swap;
            kind = kind.reverse();
        }
        if (!(left instanceof RexInputRef ref)
                || !(right instanceof RexLiteral literal)
                || !normalizes(ref)
                || literal.isNull()) {
            return null;
        }
        Comparable v = normalize(value(literal));
        if (v == null) {
            return null;
        }
        RangeSet<Comparable> values = TreeRangeSet.create();
        switch (kind) {
            case EQUALS:
                values.add(Range.singleton(v));
                break;
            case NOT_EQUALS:
                values.add(Range.lessThan(v));
                values.add(Range.greaterThan(v));
                break;
            case LESS_THAN:
                values.add(Range.lessThan(v));
                break;
            case LESS_THAN_OR_EQUAL:
                values.add(Range.atMost(v));
                break;
            case GREATER_THAN:
                values.add(Range.greaterThan(v));
                break;
            default:
                values.add(Range.atLeast(v));
                break;
        }
        return ScanFilter.term(fields[ref.getIndex()], values, false, display(ref));
    }

    /**
     * A literal's value in the classes a Sarg holds ({@code getValue()} would give a Calendar for
     * dates and times).
     */
    @SuppressWarnings("rawtypes")
    private static Comparable value(RexLiteral literal) {
        switch (literal.getTypeName()) {
            case DATE:
                return literal.getValueAs(DateString.class);
            case TIME:
                return literal.getValueAs(TimeString.class);
            case TIMESTAMP:
                return literal.getValueAs(TimestampString.class);
            default:
                return literal.getValue();
        }
    }

    private static ScanFilter.Display display(RexInputRef ref) {
        switch (ref.getType().getSqlTypeName()) {
            case DATE:
                return ScanFilter.Display.DATE;
            case TIME:
                return ScanFilter.Display.TIME;
            case TIMESTAMP:
                return ScanFilter.Display.TIMESTAMP;
            default:
                return ScanFilter.Display.PLAIN;
        }
    }

    /** Whether the column's type is one whose literals {@link #normalize} handles. */
    private static boolean normalizes(RexInputRef ref) {
        switch (ref.getType().getSqlTypeName()) {
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case DECIMAL:
            case REAL:
            case FLOAT:
            case DOUBLE:
            case CHAR:
            case VARCHAR:
            case DATE:
            case TIME:
            case TIMESTAMP:
            case BOOLEAN:
            case BINARY:
            case VARBINARY:
                return true;
            default:
                return false;
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Range<Comparable> normalize(Range<Comparable> r) {
        Comparable low = r.hasLowerBound() ? normalize(r.lowerEndpoint()) : null;
        Comparable high = r.hasUpperBound() ? normalize(r.upperEndpoint()) : null;
        if ((r.hasLowerBound() && low == null) || (r.hasUpperBound() && high == null)) {
            return null;
        }
        if (low != null && high != null) {
            return Range.range(low, r.lowerBoundType(), high, r.upperBoundType());
        }
        if (low != null) {
            return Range.downTo(low, r.lowerBoundType());
        }
        return high != null ? Range.upTo(high, r.upperBoundType()) : Range.all();
    }

    /** A literal's value as {@link ScanFilter} holds it, or null (NaN, infinity, other types). */
    @SuppressWarnings("rawtypes")
    private static Comparable normalize(Comparable value) {
        if (value instanceof BigDecimal
                || value instanceof Boolean
                || value instanceof ByteString) {
            return value;
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return Double.isFinite(d) ? new BigDecimal(d) : null;
        }
        if (value instanceof Number n) {
            return new BigDecimal(n.toString());
        }
        if (value instanceof NlsString s) {
            return s.getValue();
        }
        if (value instanceof DateString d) {
            return d.getDaysSinceEpoch();
        }
        if (value instanceof TimeString t) {
            return t.getMillisOfDay();
        }
        if (value instanceof TimestampString t) {
            return t.getMillisSinceEpoch();
        }
        return null;
    }
}
