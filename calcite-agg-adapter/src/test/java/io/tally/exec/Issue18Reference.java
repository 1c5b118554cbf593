package io.tally.exec;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.holistic.JsonText;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The model of the functions issue 18 added, for {@link ReferenceAggregate}: written from their
 * definitions (two-pass statistics, sorting and counting on Java values), not from the
 * accumulators' algorithms.
 */
final class Issue18Reference {
    /** Returned for a function this model does not cover. */
    static final Object NOT_MINE = new Object();

    private Issue18Reference() {}

    /** The result of {@code call} over {@code args} (in WITHIN GROUP order), or NOT_MINE. */
    static Object call(AggregateCall call, List<Object[]> args, List<Object> values) {
        switch (call.kind()) {
            case LITERAL_AGG:
                return call.options().constant();
            case COVAR_POP:
            case COVAR_SAMP:
            case CORR:
            case REGR_COUNT:
            case REGR_SXX:
            case REGR_SYY:
            case REGR_SXY:
            case REGR_AVGX:
            case REGR_AVGY:
            case REGR_SLOPE:
            case REGR_INTERCEPT:
            case REGR_R2:
                return coMoment(call.kind(), args);
            case ARG_MIN:
            case ARG_MAX:
                {
                    Object[] best = null;
                    for (Object[] a : args) {
                        if (a[0] != null
                                && a[1] != null
                                && (best == null
                                        || (call.kind() == AggKind.ARG_MIN ? -1 : 1)
                                                        * ReferenceAggregate.compare(a[1], best[1])
                                                > 0)) {
                            best = a;
                        }
                    }
                    return best == null ? null : best[0];
                }
            case MODE:
                return mode(values);
            case PERCENTILE_CONT:
                return percentileCont(call, values);
            case PERCENTILE_DISC:
                {
                    if (values.isEmpty()) {
                        return null;
                    }
                    double f = ((Number) call.options().constant()).doubleValue();
                    int index =
                            Math.max(
                                    0,
                                    Math.min(
                                            values.size() - 1,
                                            (int) Math.ceil(f * values.size()) - 1));
                    return values.get(index);
                }
            case COLLECT:
                return values.isEmpty() ? null : new ArrayList<>(values);
            case ARRAY_AGG:
                {
                    List<Object> items = new ArrayList<>();
                    for (Object[] a : args) {
                        if (a[0] != null || !call.options().skipNulls()) {
                            items.add(a[0]);
                        }
                    }
                    return items.isEmpty() ? null : items;
                }
            case JSON_ARRAYAGG:
                {
                    StringBuilder s = new StringBuilder("[");
                    DataType type = call.kind() == AggKind.JSON_ARRAYAGG ? argType(call) : null;
                    for (Object[] a : args) {
                        if (a[0] == null && call.options().skipNulls()) {
                            continue;
                        }
                        s.append(s.length() > 1 ? "," : "");
                        JsonText.append(s, a[0], type);
                    }
                    return s.append(']').toString();
                }
            default:
                return NOT_MINE;
        }
    }

    /** The tests' JSON_ARRAYAGG argument: the DECIMAL(30, 2) column. */
    private static DataType argType(AggregateCall call) {
        return AggregateFunctionsTest.TYPES.get(call.args().get(0));
    }

    private static Object mode(List<Object> values) {
        if (values.isEmpty()) {
            return null;
        }
        List<Object> sorted = new ArrayList<>();
        for (Object v : values) {
            sorted.add(v instanceof Double && (Double) v == 0.0 ? (Object) 0.0 : v);
        }
        sorted.sort(ReferenceAggregate::compare);
        Object best = null;
        int bestCount = 0;
        for (int from = 0; from < sorted.size(); ) {
            int to = from + 1;
            while (to < sorted.size()
                    && ReferenceAggregate.compare(sorted.get(from), sorted.get(to)) == 0) {
                to++;
            }
            if (to - from > bestCount) {
                best = sorted.get(from);
                bestCount = to - from;
            }
            from = to;
        }
        return best;
    }

    private static Object percentileCont(AggregateCall call, List<Object> values) {
        if (values.isEmpty()) {
            return null;
        }
        double f = ((Number) call.options().constant()).doubleValue();
        if (call.options().order().get(0).descending()) {
            f = 1 - f;
        }
        List<Double> v = new ArrayList<>();
        values.forEach(x -> v.add(((Number) x).doubleValue()));
        v.sort(Comparator.naturalOrder());
        double pos = f * (v.size() - 1);
        int lo = (int) Math.floor(pos);
        double q =
                lo + 1 < v.size()
                        ? v.get(lo) + (v.get(lo + 1) - v.get(lo)) * (pos - lo)
                        : v.get(lo);
        if (call.outputType().type() == ColumnType.TIMESTAMP) {
            return Math.round(q * 86_400_000L);
        }
        return q;
    }

    /** The family over (y, x) pairs, two-pass, with PostgreSQL's NULL rules. */
    private static Object coMoment(AggKind kind, List<Object[]> args) {
        List<double[]> pairs = new ArrayList<>();
        for (Object[] a : args) {
            if (a[0] != null && a[1] != null) {
                pairs.add(
                        new double[] {
                            ((Number) a[0]).doubleValue(), ((Number) a[1]).doubleValue()
                        });
            }
        }
        int n = pairs.size();
        if (kind == AggKind.REGR_COUNT) {
            return (long) n;
        }
        if (n == 0) {
            return null;
        }
        double my = 0;
        double mx = 0;
        for (double[] p : pairs) {
            my += p[0] / n;
            mx += p[1] / n;
        }
        double sxx = 0;
        double syy = 0;
        double sxy = 0;
        for (double[] p : pairs) {
            sxx += (p[1] - mx) * (p[1] - mx);
            syy += (p[0] - my) * (p[0] - my);
            sxy += (p[1] - mx) * (p[0] - my);
        }
        switch (kind) {
            case COVAR_POP:
                return sxy / n;
            case COVAR_SAMP:
                return n < 2 ? null : sxy / (n - 1);
            case REGR_SXX:
                return sxx;
            case REGR_SYY:
                return syy;
            case REGR_SXY:
                return sxy;
            case REGR_AVGX:
                return mx;
            case REGR_AVGY:
                return my;
            case CORR:
                return sxx == 0 || syy == 0 ? null : sxy / Math.sqrt(sxx * syy);
            case REGR_SLOPE:
                return sxx == 0 ? null : sxy / sxx;
            case REGR_INTERCEPT:
                return sxx == 0 ? null : my - mx * sxy / sxx;
            default:
                return sxx == 0 ? null : syy == 0 ? 1.0 : sxy * sxy / (sxx * syy);
        }
    }
}
