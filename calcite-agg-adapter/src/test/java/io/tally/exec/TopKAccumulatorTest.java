package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.TopKOrder;
import io.tally.exec.topk.TopKExpander;
import io.tally.memory.MemoryPool;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * The TOP_K accumulator (through {@link BlockedAggregator} and {@link TopKExpander}) against a
 * model that sorts each group's rows and keeps the first k: NULLs first and last, ties, k above the
 * group size, both directions, BIGINT, DOUBLE, VARCHAR and DECIMAL keys, several blocks, and a
 * memory limit that makes it spill and merge.
 */
class TopKAccumulatorTest {
    private static final List<DataType> TYPES =
            List.of(
                    DataType.of(ColumnType.INTEGER),
                    DataType.of(ColumnType.BIGINT),
                    DataType.of(ColumnType.DOUBLE),
                    DataType.of(ColumnType.VARCHAR),
                    DataType.decimal(10, 2),
                    DataType.of(ColumnType.BIGINT));
    private static final int ID = 5;

    @Test
    void ranksAgreeWithSortedModelOnEveryTypeAndDirection() {
        List<Object[]> rows = rows(new Random(3), 5_000, 97, 30);
        for (int sortColumn = 1; sortColumn <= 4; sortColumn++) {
            for (boolean desc : new boolean[] {false, true}) {
                for (boolean nullsFirst : new boolean[] {false, true}) {
                    for (int k : new int[] {1, 3, 200}) {
                        TopKOrder order =
                                new TopKOrder(
                                        k,
                                        List.of(
                                                new TopKOrder.SortKey(
                                                        sortColumn - 1, desc, nullsFirst)));
                        String what = "column " + sortColumn + " " + order;
                        List<Object[]> expected = model(rows, order, sortColumn);
                        assertEquals(
                                ranked(expected, sortColumn),
                                ranked(run(rows, order, 1L << 30, 16), sortColumn),
                                what);
                        assertEquals(
                                ranked(expected, sortColumn),
                                ranked(run(rows, order, 3_000_000, 16), sortColumn),
                                what + " spilling");
                    }
                }
            }
        }
    }

    @Test
    void wholeRowsAgreeWhenTheOrderIsTotal() {
        List<Object[]> rows = rows(new Random(5), 3_000, 40, 1000);
        TopKOrder order =
                new TopKOrder(
                        4,
                        List.of(
                                new TopKOrder.SortKey(2, true, true),
                                new TopKOrder.SortKey(ID - 1, false, false)));
        assertEquals(strings(model(rows, order, 3)), strings(run(rows, order, 1L << 30, 8192)));
    }

    @Test
    void replacedRowsAreCompactedAway() {
        // rising values in few groups under DESC: nearly every row replaces a kept one
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 60_000; i++) {
            rows.add(
                    new Object[] {
                        i % 3,
                        (long) i,
                        (double) i,
                        "v" + "x".repeat(i % 50) + i,
                        new BigDecimal(i).movePointLeft(2),
                        (long) i
                    });
        }
        TopKOrder order = new TopKOrder(8, List.of(new TopKOrder.SortKey(0, true, false)));
        assertEquals(strings(model(rows, order, 1)), strings(run(rows, order, 1L << 30, 8192)));
    }

    /** Rows (k, a, d, s, m, id): few distinct sort values (ties) and NULLs in every sort column. */
    private static List<Object[]> rows(Random r, int n, int groups, int domain) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int v = r.nextInt(domain) - domain / 2;
            boolean isNull = r.nextInt(6) == 0;
            double d = v == 0 && r.nextBoolean() ? -0.0 : v / 8.0;
            rows.add(
                    new Object[] {
                        r.nextInt(10) == 0 ? null : r.nextInt(groups),
                        isNull ? null : (long) v,
                        isNull ? null : d,
                        isNull ? null : "s" + (v * 7 % 13) + v,
                        isNull ? null : new BigDecimal(v).movePointLeft(2),
                        (long) i
                    });
        }
        return rows;
    }

    @Test
    void ranksAgreeWhenKeysDifferOnlyAfterTheirFirstEightBytes() {
        // a row is dropped on its key's first 8 bytes (marker and 7 value bytes) only when they
        // sort after a full group's worst; here most keys share them and differ in the last byte
        Random r = new Random(11);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 6_000; i++) {
            long v = (r.nextInt(3) - 1) * 4096L + r.nextInt(200);
            double d = r.nextInt(3) - 1.5;
            for (int up = r.nextInt(200); up > 0; up--) {
                d = Math.nextUp(d);
            }
            rows.add(
                    new Object[] {
                        r.nextInt(50), v, d, "s" + v, new BigDecimal(v).movePointLeft(2), (long) i
                    });
        }
        for (int sortColumn : new int[] {1, 2, 4}) {
            for (boolean desc : new boolean[] {false, true}) {
                TopKOrder order =
                        new TopKOrder(
                                2, List.of(new TopKOrder.SortKey(sortColumn - 1, desc, false)));
                assertEquals(
                        ranked(model(rows, order, sortColumn), sortColumn),
                        ranked(run(rows, order, 1L << 30, 16), sortColumn),
                        "column " + sortColumn + " " + order);
            }
        }
    }

    @Test
    void smallMemoryLimitSpills() {
        List<Object[]> rows = rows(new Random(8), 20_000, 400, 1000);
        TopKOrder order = new TopKOrder(3, List.of(new TopKOrder.SortKey(3, false, true)));
        assertEquals(ranked(model(rows, order, 4), 4), ranked(run(rows, order, 1_500_000, 16), 4));
        assertTrue(lastSpilledBytes > 0);
    }

    private static long lastSpilledBytes;

    /** Runs TOP_K over all columns but the key, returns rows (k, a, d, s, m, id, rank). */
    private static List<Object[]> run(List<Object[]> rows, TopKOrder order, long limit, int block) {
        AggregateCall call = AggregateCall.topK(List.of(1, 2, 3, 4, 5), order, "top");
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(0), List.of(call));
        List<TopKExpander.Source> sources =
                List.of(
                        TopKExpander.Source.key(0),
                        TopKExpander.Source.arg(0),
                        TopKExpander.Source.arg(1),
                        TopKExpander.Source.arg(2),
                        TopKExpander.Source.arg(3),
                        TopKExpander.Source.arg(4),
                        TopKExpander.Source.rowNumber());
        List<DataType> outTypes = new ArrayList<>(TYPES);
        outTypes.add(DataType.of(ColumnType.BIGINT));
        List<Object[]> out = new ArrayList<>();
        try (RootAllocator root = new RootAllocator()) {
            try (BlockedAggregator agg =
                            new BlockedAggregator(
                                    spec,
                                    new AggregateConfig(block, AggregateConfig.EmitMode.BLOCKED),
                                    root,
                                    new MemoryPool(limit),
                                    () -> false,
                                    "topk-test");
                    TopKExpander expander =
                            new TopKExpander(
                                    call, TYPES.subList(1, 6), 1, sources, outTypes, root)) {
                agg.sinkRows(rows.iterator());
                agg.finish();
                VectorSchemaRoot groups;
                while ((groups = agg.nextBlock()) != null) {
                    expander.start(groups);
                    VectorSchemaRoot batch;
                    while ((batch = expander.next()) != null) {
                        out.addAll(BatchRows.rows(batch));
                    }
                }
                lastSpilledBytes = agg.metrics().spilledBytes;
            }
            assertEquals(0, root.getAllocatedMemory());
        }
        return out;
    }

    /** Each group's rows sorted by {@code order}, first k, with their 1-based rank appended. */
    private static List<Object[]> model(List<Object[]> rows, TopKOrder order, int firstArgColumn) {
        Map<String, List<Object[]>> groups = new TreeMap<>();
        rows.forEach(
                r -> groups.computeIfAbsent(String.valueOf(r[0]), x -> new ArrayList<>()).add(r));
        Comparator<Object[]> cmp = null;
        for (TopKOrder.SortKey key : order.keys()) {
            int c = key.arg() + 1;
            Comparator<Object[]> one = (x, y) -> compare(x[c], y[c], key);
            cmp = cmp == null ? one : cmp.thenComparing(one);
        }
        List<Object[]> out = new ArrayList<>();
        for (List<Object[]> g : groups.values()) {
            g.sort(cmp);
            for (int i = 0; i < Math.min(order.limit(), g.size()); i++) {
                Object[] row = Arrays.copyOf(g.get(i), TYPES.size() + 1);
                row[TYPES.size()] = (long) i + 1;
                out.add(row);
            }
        }
        return out;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object x, Object y, TopKOrder.SortKey key) {
        if (x == null || y == null) {
            int c = x == null ? (y == null ? 0 : 1) : -1; // NULL after values
            return key.nullsFirst() ? -c : c;
        }
        int c =
                x instanceof Double
                        ? Double.compare((Double) x, (Double) y)
                        : ((Comparable) x).compareTo(y);
        return key.descending() ? -c : c;
    }

    /** Group, sort value and rank of each row, sorted: deterministic under ties. */
    private static List<String> ranked(List<Object[]> rows, int sortColumn) {
        List<String> out = new ArrayList<>();
        for (Object[] r : rows) {
            out.add(r[0] + "|" + r[sortColumn] + "|" + r[TYPES.size()]);
        }
        out.sort(null);
        return out;
    }

    private static List<String> strings(List<Object[]> rows) {
        List<String> out = new ArrayList<>();
        rows.forEach(r -> out.add(Arrays.toString(r)));
        out.sort(null);
        return out;
    }
}
