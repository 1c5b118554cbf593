package io.tally.difftest;

import io.tally.difftest.Column.Role;
import io.tally.difftest.Source.Ref;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

/**
 * Draws aggregate calls for one query: COUNT(*), COUNT, SUM, AVG, MIN, MAX, STDDEV_* / VAR_*,
 * BOOL_AND / BOOL_OR / EVERY / SOME, BIT_*, ANY_VALUE (only over values determined by the group),
 * DISTINCT variants and FILTER (WHERE …). SUM and AVG take only value columns (and the non-null
 * {@code g}, whose SUM Calcite may plan as {@code $SUM0}), so sums cannot overflow. Also (issue 18)
 * the covariance and regression family and LISTAGG ... WITHIN GROUP, each in a form whose answer is
 * deterministic ({@link #twoSample}, {@link #orderedList}). Not drawn: the functions the reference
 * cannot run (PERCENTILE_CONT / PERCENTILE_DISC) or answers by arrival order (MODE's ties, ARG_MIN
 * / ARG_MAX ties); the Quidem scripts cover those.
 */
final class Aggregates {
    /** One call: its SQL, and whether its result is compared with the loose tolerance. */
    record Call(String sql, boolean loose) {}

    private static final String[] STATS = {
        "STDDEV_POP", "STDDEV_SAMP", "VAR_POP", "VAR_SAMP", "STDDEV", "VARIANCE"
    };
    private static final String[] BITS = {"BIT_AND", "BIT_OR", "BIT_XOR"};
    private static final String[] BOOLS = {"BOOL_AND", "BOOL_OR", "EVERY", "SOME"};

    /**
     * The two-sample functions the stock operator (the reference) runs through Tally's own Java
     * implementations; its reductions of COVAR_POP / COVAR_SAMP / REGR_SXX / REGR_SYY / REGR_COUNT
     * to sums answer wrongly under FILTER and for one row (agg_stats.iq has those).
     */
    private static final String[] TWO_SAMPLE = {
        "CORR", "REGR_SXY", "REGR_AVGX", "REGR_AVGY", "REGR_SLOPE", "REGR_INTERCEPT", "REGR_R2"
    };

    /** Percent of the SUM calls that {@link #issue18} replaces by a function of issue 18. */
    private static final int ISSUE18_PERCENT = 40;

    private final Random r;

    /**
     * Draws of the issue 18 functions, apart from {@code r} so the other calls stay as they were.
     */
    private final Random extra;

    private final Source src;
    private final List<Ref> keys;
    private final boolean plain;

    Aggregates(Random r, Random extra, Source src, List<Ref> keys, boolean plainGrouping) {
        this.r = r;
        this.extra = extra;
        this.src = src;
        this.keys = keys;
        this.plain = plainGrouping;
    }

    Call random() {
        Call call = pick();
        if (r.nextInt(100) < 15) {
            call =
                    new Call(
                            call.sql()
                                    + " FILTER (WHERE "
                                    + Predicates.random(r, src.columns())
                                    + ")",
                            call.loose());
        }
        return call;
    }

    private Call pick() {
        switch (r.nextInt(12)) {
            case 0:
                return exact("COUNT(*)");
            case 1:
                return exact("COUNT(" + distinct(15) + any(c -> true).sql() + ")");
            case 2:
            case 3:
                return sumLike(r.nextInt(3) == 0 ? "AVG" : "SUM");
            case 4:
            case 5:
                {
                    Ref c = any(x -> x.kind().isOrdered());
                    return exact(
                            (r.nextBoolean() ? "MIN(" : "MAX(") + distinct(10) + c.sql() + ")");
                }
            case 6:
                return statistic();
            case 7:
                {
                    Ref b = any(x -> x.kind() == ColumnKind.BOOLEAN);
                    return b == null
                            ? exact("COUNT(*)")
                            : exact(BOOLS[r.nextInt(BOOLS.length)] + "(" + b.sql() + ")");
                }
            case 8:
                {
                    Ref i = any(x -> x.kind().isInteger());
                    return exact(BITS[r.nextInt(BITS.length)] + "(" + distinct(10) + i.sql() + ")");
                }
            case 9:
                return anyValue();
            default:
                return issue18(sumLike("SUM"));
        }
    }

    /**
     * {@code sum}, or in {@link #ISSUE18_PERCENT} percent of the calls a two-sample function or an
     * ordered LISTAGG instead, drawn from {@link #extra} only.
     */
    private Call issue18(Call sum) {
        if (extra.nextInt(100) >= ISSUE18_PERCENT) {
            return sum;
        }
        return extra.nextBoolean() ? twoSample() : orderedList();
    }

    /**
     * STDDEV_* / VAR_* over a nullable value column; REAL input is cast to DOUBLE. Calcite's stock
     * operator (the reference) answers 0 instead of NULL for VAR_SAMP of one row of a NOT NULL
     * column, and squares REAL values in float precision (STDDEV off by up to 15%).
     */
    private Call statistic() {
        List<Ref> values = new ArrayList<>();
        for (Ref c : src.columns()) {
            boolean countColumn = !src.fdGroup() && c.sql().equals("x.vl"); // nested: COUNT(*)
            if (c.kind().isNumeric() && c.role() == Role.VALUE && !countColumn) {
                values.add(c);
            }
        }
        Ref v = values.get(r.nextInt(values.size()));
        String arg = v.kind() == ColumnKind.REAL ? "CAST(" + v.sql() + " AS DOUBLE)" : v.sql();
        return new Call(STATS[r.nextInt(STATS.length)] + "(" + distinct(10) + arg + ")", true);
    }

    /**
     * A covariance or regression function of two value columns, cast to DOUBLE so that the stock
     * operator (which reduces COVAR and REGR_S* to sums in the argument type) does not compute them
     * in integer arithmetic.
     */
    private Call twoSample() {
        List<Ref> values = numericValues();
        String y = "CAST(" + values.get(extra.nextInt(values.size())).sql() + " AS DOUBLE)";
        String x = "CAST(" + values.get(extra.nextInt(values.size())).sql() + " AS DOUBLE)";
        return new Call(
                TWO_SAMPLE[extra.nextInt(TWO_SAMPLE.length)] + "(" + y + ", " + x + ")", true);
    }

    /**
     * LISTAGG of an integer column as text, ordered by the same column: ties are equal values, so
     * the string is the same whatever order equal rows arrive in.
     */
    private Call orderedList() {
        List<Ref> ints = src.columns().stream().filter(x -> x.kind().isInteger()).toList();
        Ref i = ints.get(extra.nextInt(ints.size()));
        return exact(
                "LISTAGG(CAST("
                        + i.sql()
                        + " AS VARCHAR), ',') WITHIN GROUP (ORDER BY "
                        + i.sql()
                        + (extra.nextBoolean() ? " DESC" : "")
                        + ")");
    }

    private Call sumLike(String function) {
        Ref v = numericValue();
        boolean loose = function.equals("AVG") || v.kind().isApproximate();
        return new Call(function + "(" + distinct(15) + v.sql() + ")", loose);
    }

    /** ANY_VALUE over a key of a plain GROUP BY, or over {@code gname} when {@code g} is a key. */
    private Call anyValue() {
        if (!plain || keys.isEmpty()) {
            return exact("COUNT(*)");
        }
        boolean groupKey = keys.stream().anyMatch(k -> k.role() == Role.GROUP);
        if (groupKey && src.fdGroup() && r.nextBoolean()) {
            return exact("ANY_VALUE(x.gname)");
        }
        Ref k = keys.get(r.nextInt(keys.size()));
        return exact("ANY_VALUE(" + k.sql() + ")");
    }

    private Ref numericValue() {
        List<Ref> values = numericValues();
        return values.get(r.nextInt(values.size()));
    }

    private List<Ref> numericValues() {
        List<Ref> values = new ArrayList<>();
        for (Ref c : src.columns()) {
            if (c.kind().isNumeric() && (c.role() == Role.VALUE || c.role() == Role.GROUP)) {
                values.add(c);
            }
        }
        return values;
    }

    private Ref any(Predicate<Ref> filter) {
        List<Ref> matching = src.columns().stream().filter(filter).toList();
        return matching.isEmpty() ? null : matching.get(r.nextInt(matching.size()));
    }

    private String distinct(int percent) {
        return r.nextInt(100) < percent ? "DISTINCT " : "";
    }

    private static Call exact(String sql) {
        return new Call(sql, false);
    }
}
