package io.tally.schema;

import com.google.common.collect.BoundType;
import com.google.common.collect.ImmutableRangeSet;
import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Conditions a scan was handed by the planner so that its reader may skip parts of the data
 * (Parquet row groups, files of a glob) in which no row can satisfy them. Skipping is all a reader
 * may do with it: the filter stays applied above the scan, so a reader that ignores it (CSV, Arrow)
 * still answers correctly.
 *
 * <p>It is a conjunction of {@link Term}s, at most one per table column. A term's values are
 * normalized so that readers need not know Calcite's literal classes: exact and approximate numbers
 * (integers, decimals, floats) as {@link java.math.BigDecimal}, strings as {@link String}, dates as
 * {@link Integer} days since 1970-01-01, times as {@link Integer} milliseconds of the day,
 * timestamps as {@link Long} milliseconds since the epoch, booleans as {@link Boolean} and binary
 * strings as {@code org.apache.calcite.avatica.util.ByteString}. Within a term every value has the
 * same class.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class ScanFilter {
    /** No condition: nothing can be skipped. */
    public static final ScanFilter NONE = new ScanFilter(List.of());

    /** How a term's normalized values are shown (dates and times are held as numbers). */
    public enum Display {
        PLAIN,
        DATE,
        TIME,
        TIMESTAMP
    }

    /**
     * One column's condition: a row satisfies it only if its value lies in {@code values}, or is
     * NULL and {@code nullMatches}.
     *
     * @param column index of the column in the table (not in the scan's projection)
     * @param values the allowed non-null values (normalized as the class comment says)
     * @param nullMatches whether a NULL value may satisfy the condition
     * @param display how EXPLAIN shows the values
     */
    public record Term(
            int column,
            ImmutableRangeSet<Comparable> values,
            boolean nullMatches,
            Display display) {
        public Term {
            Objects.requireNonNull(values);
            Objects.requireNonNull(display);
        }

        /** Whether the non-null {@code value} (normalized) may satisfy the term. */
        public boolean allows(Comparable value) {
            return values.contains(value);
        }

        /** The term and {@code other} (same column) together. */
        Term and(Term other) {
            return new Term(
                    column,
                    values.intersection(other.values),
                    nullMatches && other.nullMatches,
                    display);
        }

        /**
         * Whether the allowed values reach both ends (so they hold {@code x <> v} or {@code NOT
         * BETWEEN}), which a floating-point NaN, ordered with no number, may satisfy.
         */
        public boolean unboundedBothWays() {
            boolean below = false;
            boolean above = false;
            for (Range<Comparable> r : values.asRanges()) {
                below |= !r.hasLowerBound();
                above |= !r.hasUpperBound();
            }
            return below && above;
        }

        /** {@code id4 [10..20]}, {@code id1 IN ('a', 'b')}, {@code x IS NULL}. */
        String describe(String name) {
            Comparable excluded = excludedPoint();
            if (excluded != null) {
                return name + " <> " + show(excluded) + (nullMatches ? " OR IS NULL" : "");
            }
            List<String> parts = new ArrayList<>();
            List<String> points = new ArrayList<>();
            for (Range<Comparable> r : values.asRanges()) {
                if (isPoint(r)) {
                    points.add(show(r.lowerEndpoint()));
                } else {
                    parts.add(showRange(r));
                }
            }
            if (!points.isEmpty()) {
                parts.add(
                        0,
                        points.size() == 1
                                ? "= " + points.get(0)
                                : "IN (" + String.join(", ", points) + ")");
            }
            if (nullMatches) {
                parts.add("IS NULL");
            }
            if (parts.isEmpty()) {
                return name + " matches nothing";
            }
            return name + " " + String.join(" OR ", parts);
        }

        /** {@code v} when the values are everything but {@code v} ({@code x <> v}), else null. */
        private Comparable excludedPoint() {
            List<Range<Comparable>> ranges = new ArrayList<>(values.asRanges());
            if (ranges.size() != 2) {
                return null;
            }
            Range<Comparable> below = ranges.get(0);
            Range<Comparable> above = ranges.get(1);
            boolean split =
                    !below.hasLowerBound()
                            && below.hasUpperBound()
                            && below.upperBoundType() == BoundType.OPEN
                            && above.hasLowerBound()
                            && !above.hasUpperBound()
                            && above.lowerBoundType() == BoundType.OPEN
                            && below.upperEndpoint().compareTo(above.lowerEndpoint()) == 0;
            return split ? below.upperEndpoint() : null;
        }

        private static boolean isPoint(Range<Comparable> r) {
            return r.hasLowerBound()
                    && r.hasUpperBound()
                    && r.lowerBoundType() == BoundType.CLOSED
                    && r.upperBoundType() == BoundType.CLOSED
                    && r.lowerEndpoint().compareTo(r.upperEndpoint()) == 0;
        }

        private String showRange(Range<Comparable> r) {
            if (!r.hasLowerBound() && !r.hasUpperBound()) {
                return "IS NOT NULL";
            }
            if (!r.hasLowerBound()) {
                return (r.upperBoundType() == BoundType.CLOSED ? "<= " : "< ")
                        + show(r.upperEndpoint());
            }
            if (!r.hasUpperBound()) {
                return (r.lowerBoundType() == BoundType.CLOSED ? ">= " : "> ")
                        + show(r.lowerEndpoint());
            }
            return (r.lowerBoundType() == BoundType.CLOSED ? "[" : "(")
                    + show(r.lowerEndpoint())
                    + ".."
                    + show(r.upperEndpoint())
                    + (r.upperBoundType() == BoundType.CLOSED ? "]" : ")");
        }

        private String show(Comparable value) {
            if (value instanceof String s) {
                return "'" + s.replace("'", "''") + "'";
            }
            switch (display) {
                case DATE:
                    return "DATE '" + LocalDate.ofEpochDay(((Integer) value).longValue()) + "'";
                case TIME:
                    return "TIME '"
                            + LocalTime.ofNanoOfDay(((Integer) value) * NANOS_PER_MILLI)
                            + "'";
                case TIMESTAMP:
                    return "TIMESTAMP '"
                            + LocalDateTime.ofEpochSecond(
                                            Math.floorDiv((Long) value, MILLIS_PER_SECOND),
                                            (int)
                                                    (Math.floorMod((Long) value, MILLIS_PER_SECOND)
                                                            * NANOS_PER_MILLI),
                                            ZoneOffset.UTC)
                                    .toString()
                                    .replace('T', ' ')
                            + "'";
                default:
                    return value.toString();
            }
        }
    }

    private static final long NANOS_PER_MILLI = 1_000_000L;
    private static final long MILLIS_PER_SECOND = 1_000L;

    private final List<Term> terms;

    private ScanFilter(List<Term> terms) {
        this.terms = List.copyOf(terms);
    }

    /** The conjunction of {@code terms}; terms on the same column are intersected. */
    public static ScanFilter of(List<Term> terms) {
        Map<Integer, Term> byColumn = new LinkedHashMap<>();
        for (Term t : terms) {
            byColumn.merge(t.column(), t, Term::and);
        }
        return byColumn.isEmpty() ? NONE : new ScanFilter(new ArrayList<>(byColumn.values()));
    }

    /** A term allowing {@code values} (normalized) and NULL if {@code nullMatches}. */
    public static Term term(
            int column,
            RangeSet<? extends Comparable> values,
            boolean nullMatches,
            Display display) {
        return new Term(column, ImmutableRangeSet.copyOf((RangeSet) values), nullMatches, display);
    }

    public List<Term> terms() {
        return terms;
    }

    public boolean isEmpty() {
        return terms.isEmpty();
    }

    /** The terms on {@code column}, or null. */
    public Term term(int column) {
        for (Term t : terms) {
            if (t.column() == column) {
                return t;
            }
        }
        return null;
    }

    /** The terms, columns named by {@code columnNames} (the table's), joined by AND. */
    public String describe(List<String> columnNames) {
        return terms.stream()
                .map(t -> t.describe(columnNames.get(t.column())))
                .collect(Collectors.joining(" AND "));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScanFilter f && terms.equals(f.terms);
    }

    @Override
    public int hashCode() {
        return terms.hashCode();
    }

    @Override
    public String toString() {
        return terms.toString();
    }
}
