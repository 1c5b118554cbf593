package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.batch.BatchRows;
import io.tally.memory.MemoryPool;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Assertions;

/** Runs a {@link BlockedAggregator} over Java rows and compares row multisets with the model. */
final class AggregatorHarness {
    private AggregatorHarness() {}

    static List<Object[]> run(
            AggregateSpec spec,
            AggregateConfig config,
            List<Object[]> rows,
            BufferAllocator allocator) {
        List<Object[]> out = new ArrayList<>();
        try (BlockedAggregator agg =
                new BlockedAggregator(
                        spec,
                        config,
                        allocator,
                        new MemoryPool(1L << 32),
                        () -> false,
                        "EnumerableBlockedAggregate#test")) {
            agg.sinkRows(rows.iterator());
            agg.finish();
            VectorSchemaRoot batch;
            while ((batch = agg.nextBlock()) != null) {
                out.addAll(BatchRows.rows(batch));
            }
            assertEquals(out.size(), agg.metrics().outputRows);
            assertEquals(out.size(), agg.metrics().groups);
        }
        return out;
    }

    /**
     * Runs {@code spec} over {@code rows} on a fresh allocator, asserts the answer equals the
     * reference aggregate's and that the allocator holds no byte afterwards.
     */
    static void assertMatchesReference(
            AggregateSpec spec, AggregateConfig config, List<Object[]> rows) {
        try (BufferAllocator root = new RootAllocator()) {
            assertSameRows(ReferenceAggregate.run(spec, rows), run(spec, config, rows, root));
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /**
     * As {@link #assertMatchesReference}, run by a {@link ParallelAggregator} on {@code threads}.
     */
    static void assertParallelMatchesReference(
            AggregateSpec spec, AggregateConfig config, int threads, List<Object[]> rows) {
        try (BufferAllocator root = new RootAllocator()) {
            assertSameRows(
                    ReferenceAggregate.run(spec, rows),
                    ParallelAggregatorTest.run(spec, config, threads, rows, root).rows());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /**
     * Asserts equal row multisets. Rows are matched by their exact columns (doubles masked);
     * doubles then compare with a relative tolerance of 1e-9 (NaN equals NaN), decimals by value.
     */
    static void assertSameRows(List<Object[]> expected, List<Object[]> actual) {
        List<Object[]> e = sorted(expected);
        List<Object[]> a = sorted(actual);
        if (e.size() != a.size()) {
            List<String> es = canonical(expected);
            List<String> as = canonical(actual);
            List<String> missing = new ArrayList<>(es);
            as.forEach(missing::remove);
            List<String> extra = new ArrayList<>(as);
            es.forEach(extra::remove);
            Assertions.fail(
                    "expected "
                            + e.size()
                            + " rows, got "
                            + a.size()
                            + "; missing "
                            + missing
                            + "; unexpected "
                            + extra);
        }
        for (int i = 0; i < e.size(); i++) {
            Object[] er = e.get(i);
            Object[] ar = a.get(i);
            assertEquals(exact(er), exact(ar), "row " + i);
            for (int c = 0; c < er.length; c++) {
                if (er[c] instanceof Double || er[c] instanceof Float) {
                    double x = ((Number) er[c]).doubleValue();
                    double y = ((Number) ar[c]).doubleValue();
                    // relative, or absolute for results that cancel to about zero (statistics of
                    // small
                    // values, whose rounding leaves ~1e-16 where the exact answer is 0)
                    boolean same =
                            Double.isNaN(x)
                                    ? Double.isNaN(y)
                                    : x == y
                                            || Math.abs(x - y)
                                                    <= 1e-9 * Math.max(Math.abs(x), Math.abs(y))
                                            || Math.abs(x - y) <= 1e-9;
                    Assertions.assertTrue(
                            same,
                            "row "
                                    + i
                                    + " col "
                                    + c
                                    + ": expected "
                                    + x
                                    + " got "
                                    + y
                                    + " in "
                                    + exact(er));
                }
            }
        }
    }

    private static List<Object[]> sorted(List<Object[]> rows) {
        List<Object[]> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(AggregatorHarness::exact));
        return copy;
    }

    static String exact(Object[] row) {
        StringBuilder sb = new StringBuilder();
        for (Object v : row) {
            sb.append(canonical(v)).append(" | ");
        }
        return sb.toString();
    }

    static List<String> canonical(List<Object[]> rows) {
        List<String> out = new ArrayList<>();
        for (Object[] row : rows) {
            out.add(exact(row));
        }
        out.sort(null);
        return out;
    }

    private static String canonical(Object v) {
        if (v instanceof Double || v instanceof Float) {
            return Double.isNaN(((Number) v).doubleValue()) ? "NaN" : "~";
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).toPlainString();
        }
        if (v instanceof byte[]) {
            return Arrays.toString((byte[]) v);
        }
        if (v instanceof List) {
            // items as SQL compares them: -0.0 is 0.0 (a DISTINCT or spilled value may be either)
            List<String> items = new ArrayList<>();
            for (Object item : (List<?>) v) {
                items.add(
                        item instanceof Double && (Double) item == 0.0
                                ? "0.0"
                                : String.valueOf(item));
            }
            return items.toString();
        }
        if (v instanceof Number) {
            return Long.toString(((Number) v).longValue());
        }
        return String.valueOf(v);
    }
}
