package io.tally.exec;

import io.tally.batch.ColumnType;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.TopKOrder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A deliberately naive GROUP BY over Java rows: the model the blocked aggregator is checked
 * against.
 */
final class ReferenceAggregate {
    private ReferenceAggregate() {}

    static List<Object[]> run(AggregateSpec spec, List<Object[]> rows) {
        List<Object[]> out = new ArrayList<>();
        List<Integer> keys = spec.groupKeys();
        List<BitSet> sets = spec.groupingSets();
        for (BitSet set : sets) {
            Map<List<Object>, List<Object[]>> groups = new LinkedHashMap<>();
            if (set.isEmpty()) {
                groups.put(
                        new ArrayList<>(Collections.nCopies(keys.size(), null)), new ArrayList<>());
            }
            for (Object[] row : rows) {
                List<Object> key = new ArrayList<>();
                for (int k : keys) {
                    key.add(set.get(k) ? TestValues.groupingKey(row[k]) : null);
                }
                groups.computeIfAbsent(key, x -> new ArrayList<>()).add(row);
            }
            for (Map.Entry<List<Object>, List<Object[]>> g : groups.entrySet()) {
                List<Object[]> members = g.getValue();
                Object[] result = new Object[keys.size() + spec.calls().size()];
                for (int k = 0; k < keys.size(); k++) {
                    result[k] =
                            set.get(keys.get(k)) && !members.isEmpty()
                                    ? members.get(0)[keys.get(k)]
                                    : null;
                }
                for (int c = 0; c < spec.calls().size(); c++) {
                    result[keys.size() + c] = call(spec.calls().get(c), set, members);
                }
                out.add(result);
            }
        }
        return out;
    }

    private static Object call(AggregateCall call, BitSet set, List<Object[]> rows) {
        List<Object[]> args = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        for (Object[] row : rows) {
            if (call.filterArg() >= 0 && !Boolean.TRUE.equals(row[call.filterArg()])) {
                continue;
            }
            Object[] a = new Object[call.args().size()];
            List<Object> identity = new ArrayList<>();
            for (int i = 0; i < a.length; i++) {
                a[i] = row[call.args().get(i)];
                identity.add(TestValues.groupingKey(a[i]));
            }
            if (call.distinct() && !seen.add(identity)) {
                continue;
            }
            args.add(a);
        }
        args.sort(order(call));
        List<Object> values = new ArrayList<>();
        for (Object[] a : args) {
            if (a.length > 0 && a[0] != null) {
                values.add(a[0]);
            }
        }
        Object newer = Issue18Reference.call(call, args, values);
        if (newer != Issue18Reference.NOT_MINE) {
            return newer;
        }
        switch (call.kind()) {
            case COUNT:
                return (long)
                        args.stream()
                                .filter(a -> Arrays.stream(a).allMatch(x -> x != null))
                                .count();
            case SUM:
                return values.isEmpty() ? null : sum(values);
            case SUM0:
                return values.isEmpty() ? zero(call) : sum(values);
            case AVG:
                return values.isEmpty() ? null : avg(call, values);
            case MIN:
            case MAX:
                Object best = null;
                for (Object v : values) {
                    int c = best == null ? 0 : compare(v, best);
                    if (best == null || (call.kind() == AggKind.MIN ? c < 0 : c > 0)) {
                        best = v;
                    }
                }
                return best;
            case ANY_VALUE:
                return values.isEmpty() ? null : values.get(0);
            case VAR_POP:
            case VAR_SAMP:
            case STDDEV_POP:
            case STDDEV_SAMP:
                return variance(call.kind(), values);
            case BOOL_AND:
                return values.isEmpty() ? null : values.stream().allMatch(Boolean.TRUE::equals);
            case BOOL_OR:
                return values.isEmpty() ? null : values.stream().anyMatch(Boolean.TRUE::equals);
            case BIT_AND:
            case BIT_OR:
            case BIT_XOR:
                if (values.isEmpty()) {
                    return null;
                }
                long acc = ((Number) values.get(0)).longValue();
                for (Object v : values.subList(1, values.size())) {
                    long x = ((Number) v).longValue();
                    acc =
                            call.kind() == AggKind.BIT_AND
                                    ? acc & x
                                    : call.kind() == AggKind.BIT_OR ? acc | x : acc ^ x;
                }
                return (byte) acc;
            case LISTAGG:
                {
                    boolean separator = call.options().ownArguments(call.args().size()) > 1;
                    StringBuilder sb = null;
                    for (Object[] a : args) {
                        if (a[0] == null) {
                            continue;
                        }
                        if (sb == null) {
                            sb = new StringBuilder();
                        } else {
                            sb.append(!separator ? "," : a[1] == null ? "" : (String) a[1]);
                        }
                        sb.append((String) a[0]);
                    }
                    return sb == null ? null : sb.toString();
                }
            case ARRAY_AGG:
                {
                    if (args.isEmpty()) {
                        return null;
                    }
                    List<Object> items = new ArrayList<>();
                    args.forEach(a -> items.add(a[0]));
                    return items;
                }
            case MEDIAN:
                {
                    if (values.isEmpty()) {
                        return null;
                    }
                    double[] sorted =
                            values.stream()
                                    .mapToDouble(v -> ((Number) v).doubleValue())
                                    .sorted()
                                    .toArray();
                    int mid = sorted.length / 2;
                    return sorted.length % 2 == 1
                            ? sorted[mid]
                            : sorted[mid - 1] + (sorted[mid] - sorted[mid - 1]) * 0.5;
                }
            case GROUPING:
            case GROUPING_ID:
                long bits = 0;
                for (int a : call.args()) {
                    bits = (bits << 1) | (set.get(a) ? 0 : 1);
                }
                return bits;
            default:
                throw new IllegalArgumentException(call.toString());
        }
    }

    /** Rows in the call's WITHIN GROUP order (a stable sort: ties keep arrival order). */
    private static Comparator<Object[]> order(AggregateCall call) {
        return (x, y) -> {
            for (TopKOrder.SortKey key : call.options().order()) {
                Object a = x[key.arg()];
                Object b = y[key.arg()];
                int c =
                        a == null
                                ? (b == null ? 0 : key.nullsFirst() ? -1 : 1)
                                : b == null
                                        ? (key.nullsFirst() ? 1 : -1)
                                        : key.descending() ? compare(b, a) : compare(a, b);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }

    private static Object zero(AggregateCall call) {
        return call.outputType().type() == ColumnType.DOUBLE ? (Object) 0.0 : (Object) 0L;
    }

    private static Object sum(List<Object> values) {
        Object first = values.get(0);
        if (first instanceof Double || first instanceof Float) {
            double s = 0;
            for (Object v : values) {
                s += ((Number) v).doubleValue();
            }
            return s;
        }
        if (first instanceof BigDecimal) {
            BigDecimal s = BigDecimal.ZERO.setScale(((BigDecimal) first).scale());
            for (Object v : values) {
                s = s.add((BigDecimal) v);
            }
            return s;
        }
        BigInteger s = BigInteger.ZERO;
        for (Object v : values) {
            s = s.add(BigInteger.valueOf(((Number) v).longValue()));
        }
        return s.longValueExact();
    }

    private static Object avg(AggregateCall call, List<Object> values) {
        Object s = sum(values);
        if (s instanceof Double) {
            return (Double) s / values.size();
        }
        BigDecimal total = s instanceof BigDecimal ? (BigDecimal) s : BigDecimal.valueOf((Long) s);
        if (call.outputType().type() == ColumnType.DECIMAL) {
            return total.divide(
                    BigDecimal.valueOf(values.size()),
                    call.outputType().scale(),
                    RoundingMode.HALF_UP);
        }
        return total.doubleValue() / values.size();
    }

    private static Object variance(AggKind kind, List<Object> values) {
        int n = values.size();
        boolean sample = kind == AggKind.VAR_SAMP || kind == AggKind.STDDEV_SAMP;
        if (n == 0 || (sample && n == 1)) {
            return null;
        }
        double mean = 0;
        for (Object v : values) {
            mean += toDouble(v);
        }
        mean /= n;
        double ss = 0;
        for (Object v : values) {
            double d = toDouble(v) - mean;
            ss += d * d;
        }
        double var = ss / (sample ? n - 1 : n);
        return kind == AggKind.STDDEV_POP || kind == AggKind.STDDEV_SAMP ? Math.sqrt(var) : var;
    }

    private static double toDouble(Object v) {
        return ((Number) v).doubleValue();
    }

    @SuppressWarnings("unchecked")
    static int compare(Object a, Object b) {
        if (a instanceof Double || a instanceof Float) {
            return Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue());
        }
        if (a instanceof String) {
            return Arrays.compareUnsigned(
                    ((String) a).getBytes(StandardCharsets.UTF_8),
                    ((String) b).getBytes(StandardCharsets.UTF_8));
        }
        return ((Comparable<Object>) a).compareTo(b);
    }
}
