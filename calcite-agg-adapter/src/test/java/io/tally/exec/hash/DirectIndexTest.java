package io.tally.exec.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnCodes;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * The direct index in front of {@link GroupHashTable}: group ids against a {@link HashMap} model
 * while key ranges grow, dictionaries change between chunks, coded and uncoded chunks of one string
 * key alternate, and NULLs appear; its memo is counted by {@link GroupHashTable#growthBound} and
 * freed with the table.
 */
class DirectIndexTest {
    private static final DataType INT = DataType.of(ColumnType.INTEGER);
    private static final DataType BIGINT = DataType.of(ColumnType.BIGINT);
    private static final DataType VARCHAR = DataType.of(ColumnType.VARCHAR);
    private static final DataType DOUBLE = DataType.of(ColumnType.DOUBLE);

    @Test
    void smallIntegerRangesMatchModel() {
        Random r = new Random(1);
        List<Object[][]> chunks = new ArrayList<>();
        for (int c = 0; c < 60; c++) {
            chunks.add(
                    rows(
                            r,
                            1024,
                            () ->
                                    new Object[] {
                                        nullOr(r, (long) r.nextInt(100) + 1),
                                        nullOr(r, (long) r.nextInt(50) - 25)
                                    }));
        }
        Memo memo = check(List.of(INT, BIGINT), chunks, null);
        assertTrue(memo.used());
        assertTrue(memo.finalSlots() <= 202 * 102, "slots " + memo.finalSlots());
    }

    /** Keys that drift upward chunk by chunk: the memo rebuilds, then gives up; ids stay right. */
    @Test
    void driftingRangeRebuildsThenTurnsOff() {
        Random r = new Random(2);
        List<Object[][]> chunks = new ArrayList<>();
        for (int c = 0; c < 200; c++) {
            long base = (long) c * c * 50;
            chunks.add(rows(r, 700, () -> new Object[] {base + r.nextInt(300)}));
        }
        Memo memo = check(List.of(BIGINT), chunks, null);
        assertTrue(memo.used());
        assertEquals(0, memo.finalSlots());
    }

    /**
     * A key spread over most of the slot cap (h2o's id6: 1..1,000,000 under 2^20 slots): doubling
     * its range on a rebuild would pass the cap, so the range grows only up to it and the memo
     * stays on.
     */
    @Test
    void denseRangeNearTheCapStaysOn() {
        Random r = new Random(5);
        List<Object[][]> chunks = new ArrayList<>();
        for (int c = 0; c < 40; c++) {
            chunks.add(rows(r, 1024, () -> new Object[] {nullOr(r, 1L + r.nextInt(1_000_000))}));
        }
        Memo memo = check(List.of(INT), chunks, null);
        assertTrue(memo.finalSlots() > 1_000_000, "slots " + memo.finalSlots());
        assertTrue(memo.finalSlots() <= DirectIndex.MAX_SLOTS, "slots " + memo.finalSlots());
    }

    /**
     * Values reaching both ends of a range one slot under the cap (NULL's slot included) keep the
     * memo; one value more and it turns off. The ends arrive one at a time after chunks of middle
     * values, negative values included.
     */
    @Test
    void rangeJustUnderAndJustOverTheCap() {
        long lo = -600_000;
        long top = lo + DirectIndex.MAX_SLOTS - 2; // codes 1..MAX_SLOTS-1, NULL 0
        Memo under = check(List.of(BIGINT), endsLate(lo, top), null);
        assertEquals(DirectIndex.MAX_SLOTS, under.finalSlots());
        Memo over = check(List.of(BIGINT), endsLate(lo, top + 1), null);
        assertTrue(over.used());
        assertEquals(0, over.finalSlots());
        Memo overBelow = check(List.of(BIGINT), endsLate(lo - 1, top), null);
        assertEquals(0, overBelow.finalSlots());
    }

    /**
     * Chunks of values from the middle third of {@code [lo, hi]}, then {@code hi}, then {@code lo}.
     */
    private static List<Object[][]> endsLate(long lo, long hi) {
        Random r = new Random(6);
        long third = (hi - lo) / 3;
        List<Object[][]> chunks = new ArrayList<>();
        for (int c = 0; c < 12; c++) {
            int chunk = c;
            chunks.add(
                    rows(
                            r,
                            512,
                            () -> {
                                long v = lo + third + (long) (r.nextDouble() * third);
                                if (chunk >= 6 && r.nextInt(100) == 0) {
                                    v = hi;
                                }
                                if (chunk >= 9 && r.nextInt(100) == 0) {
                                    v = lo;
                                }
                                return new Object[] {nullOr(r, v)};
                            }));
        }
        return chunks;
    }

    /**
     * Two keys whose ranges grow chunk by chunk until their product (1001 x 1001 slots) fits the
     * cap only unpadded: the padding shrinks to what the cap leaves and the memo stays on.
     */
    @Test
    void twoKeysPaddedOnlyAsFarAsTheCap() {
        Random r = new Random(7);
        List<Object[][]> chunks = new ArrayList<>();
        for (int c = 1; c <= 30; c++) {
            int spread = Math.min(1000, c * 60);
            chunks.add(
                    rows(
                            r,
                            800,
                            () ->
                                    new Object[] {
                                        nullOr(r, 1L + r.nextInt(spread)),
                                        nullOr(r, (long) r.nextInt(spread) - spread / 2)
                                    }));
        }
        for (int c = 0; c < 4; c++) { // both ends of both keys
            chunks.add(
                    rows(
                            r,
                            800,
                            () ->
                                    new Object[] {
                                        r.nextBoolean() ? 1L : 1000L, r.nextBoolean() ? -500L : 499L
                                    }));
        }
        Memo memo = check(List.of(INT, BIGINT), chunks, null);
        assertTrue(memo.finalSlots() >= 1001 * 1001, "slots " + memo.finalSlots());
        assertTrue(memo.finalSlots() <= DirectIndex.MAX_SLOTS, "slots " + memo.finalSlots());
    }

    /**
     * A memo rebuilt because the range grew is refilled from the table's groups: rows of groups the
     * table holds hit it at once and only new keys miss; groups made without the memo (a resolve
     * with a skip mask) whose keys lie outside the ranges are left out until they fit.
     */
    @Test
    void rebuiltMemoIsRefilledFromTheTable() {
        try (BufferAllocator root = new RootAllocator()) {
            BlockLayout layout = BlockLayout.of(64);
            try (OperatorMemory memory =
                            new OperatorMemory("test", root, new MemoryPool(1L << 32));
                    GroupHashTable table =
                            new GroupHashTable(
                                    List.of(
                                            KeyColumn.create(INT, layout, memory),
                                            KeyColumn.create(BIGINT, layout, memory)),
                                    layout,
                                    memory,
                                    -1L)) {
                DecodedColumn[] in = {
                    new DecodedColumn(INT, "key 0"), new DecodedColumn(BIGINT, "key 1")
                };
                // groups 0..99 bypass the memo: keys (10_000 + i, i % 3), key 1 NULL when i % 7 ==
                // 0
                int[] gids = resolve(table, in, pairs(10_000, 100), new byte[100]);
                assertEquals(99, gids[99]);
                // groups 100..149: keys 1..50; the memo starts over [1, 50] (misses: all 50)
                gids = resolve(table, in, pairs(1, 50), null);
                assertEquals(149, gids[49]);
                assertEquals(50, table.directMisses());
                // 10_050 grows the range: the rebuilt memo knows all 150 groups, nothing misses
                Object[][] again = Arrays.copyOf(pairs(1, 50), 51);
                again[50] = pairs(10_000, 100)[50];
                gids = resolve(table, in, again, null);
                assertEquals(100, gids[0]);
                assertEquals(149, gids[49]);
                assertEquals(50, gids[50]);
                assertEquals(150, table.groupCount());
                assertEquals(50, table.directMisses());
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /**
     * Rows {@code (from + i, i % 3)} for {@code i < n}, the second key NULL when {@code i % 7 ==
     * 0}.
     */
    private static Object[][] pairs(long from, int n) {
        Object[][] rows = new Object[n][];
        for (int i = 0; i < n; i++) {
            rows[i] = new Object[] {from + i, i % 7 == 0 ? null : (long) (i % 3)};
        }
        return rows;
    }

    /** Resolves {@code rows} (one column per key) with {@code skip} (null: through the memo). */
    private static int[] resolve(
            GroupHashTable table, DecodedColumn[] in, Object[][] rows, byte[] skip) {
        for (int k = 0; k < in.length; k++) {
            fill(in[k], rows, k, null, null);
        }
        int[] gids = new int[rows.length];
        table.resolve(in, rows.length, skip, gids);
        return gids;
    }

    /** Extreme values (a range that overflows a long) and DOUBLE keys take the hash path. */
    @Test
    void extremesAndUncodableTypesFallBack() {
        Random r = new Random(3);
        List<Object[][]> chunks = new ArrayList<>();
        for (int c = 0; c < 10; c++) {
            int chunk = c;
            chunks.add(
                    rows(
                            r,
                            500,
                            () ->
                                    new Object[] {
                                        chunk == 5 && r.nextInt(50) == 0
                                                ? (r.nextBoolean()
                                                        ? Long.MIN_VALUE
                                                        : Long.MAX_VALUE)
                                                : (long) r.nextInt(10)
                                    }));
        }
        Memo memo = check(List.of(BIGINT), chunks, null);
        assertTrue(memo.used());
        assertEquals(0, memo.finalSlots());
        // small ranges at either end of the long range, drifting outward: codes must not wrap
        for (long edge : new long[] {Long.MIN_VALUE, Long.MAX_VALUE}) {
            List<Object[][]> ends = new ArrayList<>();
            for (int c = 0; c < 12; c++) {
                long from = edge == Long.MIN_VALUE ? edge + 1 + (11 - c) * 3L : edge - 30 + c * 2L;
                ends.add(rows(r, 200, () -> new Object[] {from + r.nextInt(4)}));
            }
            check(List.of(BIGINT), ends, null);
        }
        List<Object[][]> mixed = new ArrayList<>();
        for (int c = 0; c < 10; c++) {
            mixed.add(rows(r, 500, () -> new Object[] {(long) r.nextInt(10), r.nextInt(4) * 0.5}));
        }
        assertEquals(new Memo(false, 0), check(List.of(BIGINT, DOUBLE), mixed, null));
    }

    /**
     * A string key whose chunks come with dictionary A, dictionary B (other codes for the same
     * strings) or no codes, mixed with an integer key and an uncoded string key: the same string
     * must land in the same group whichever way its chunk was coded.
     */
    @Test
    void changingDictionariesAndUncodedChunksAgree() {
        Random r = new Random(4);
        String[] values = new String[40];
        for (int i = 0; i < values.length; i++) {
            values[i] = "id" + (1000 + i * 7);
        }
        List<Object[][]> chunks = new ArrayList<>();
        for (int c = 0; c < 80; c++) {
            chunks.add(
                    rows(
                            r,
                            1024,
                            () ->
                                    new Object[] {
                                        nullOr(r, values[r.nextInt(values.length)]),
                                        (long) r.nextInt(5),
                                        nullOr(r, values[r.nextInt(values.length)])
                                    }));
        }
        Map<String, Integer> a = new HashMap<>();
        Map<String, Integer> b = new HashMap<>();
        for (int i = 0; i < values.length; i++) {
            a.put(values[i], i);
            b.put(values[i], values.length - 1 - i);
        }
        List<Map<String, Integer>> codings = Arrays.asList(a, null, b);
        // key 0: coded by a, then not at all, then by b; key 2: never coded
        assertEquals(new Memo(false, 0), check(List.of(VARCHAR, INT, VARCHAR), chunks, codings));
        // key 0 with the integer key: coded chunks use the memo, uncoded ones the hash table
        List<Object[][]> pairs = new ArrayList<>();
        for (Object[][] chunk : chunks) {
            Object[][] keys = new Object[chunk.length][];
            for (int i = 0; i < chunk.length; i++) {
                keys[i] = new Object[] {chunk[i][0], chunk[i][1]};
            }
            pairs.add(keys);
        }
        assertTrue(check(List.of(VARCHAR, INT), pairs, codings).used());
        // the coding switching every chunk: the memo rebuilds until it gives up
        assertEquals(new Memo(true, 0), check(List.of(VARCHAR, INT), pairs, codings, true));
        // only key 0, alone
        List<Object[][]> single = new ArrayList<>();
        for (Object[][] chunk : chunks) {
            Object[][] keys = new Object[chunk.length][];
            for (int i = 0; i < chunk.length; i++) {
                keys[i] = new Object[] {chunk[i][0]};
            }
            single.add(keys);
        }
        Memo memo = check(List.of(VARCHAR), single, codings);
        assertTrue(memo.used());
        assertEquals(values.length + 1, memo.finalSlots(), "NULL and one slot per value");
    }

    private static Object nullOr(Random r, Object v) {
        return r.nextInt(20) == 0 ? null : v;
    }

    private static List<Object[]> list(int n, Supplier<Object[]> row) {
        List<Object[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(row.get());
        }
        return out;
    }

    private static Object[][] rows(Random r, int n, Supplier<Object[]> row) {
        return list(n, row).toArray(new Object[0][]);
    }

    /**
     * Resolves {@code chunks} and checks every id against the model, the growth bound against what
     * each chunk allocated, and that closing frees everything. With {@code codings}, string key 0
     * is coded by them (a null coding: uncoded).
     */
    private static Memo check(
            List<DataType> types, List<Object[][]> chunks, List<Map<String, Integer>> codings) {
        return check(types, chunks, codings, false);
    }

    /**
     * As above; chunk {@code c} is coded by {@code codings.get(c % size)} if {@code alternate},
     * else the chunks are cut into {@code size} runs, run {@code j} coded by {@code
     * codings.get(j)}.
     */
    private static Memo check(
            List<DataType> types,
            List<Object[][]> chunks,
            List<Map<String, Integer>> codings,
            boolean alternate) {
        Map<List<Object>, Integer> model = new HashMap<>();
        List<ColumnCodes.Dictionary> dictionaries = new ArrayList<>();
        if (codings != null) {
            for (Map<String, Integer> coding : codings) {
                dictionaries.add(coding == null ? null : new ColumnCodes.Dictionary(coding.size()));
            }
        }
        try (BufferAllocator root = new RootAllocator()) {
            BlockLayout layout = BlockLayout.of(64);
            try (OperatorMemory memory =
                    new OperatorMemory("test", root, new MemoryPool(1L << 32))) {
                List<KeyColumn> keys = new ArrayList<>();
                DecodedColumn[] inputs = new DecodedColumn[types.size()];
                for (int k = 0; k < types.size(); k++) {
                    keys.add(KeyColumn.create(types.get(k), layout, memory));
                    inputs[k] = new DecodedColumn(types.get(k), "key " + k);
                }
                boolean usedMemo = false;
                int finalSlots;
                try (GroupHashTable table = new GroupHashTable(keys, layout, memory, -1L)) {
                    for (int c = 0; c < chunks.size(); c++) {
                        Object[][] rows = chunks.get(c);
                        int n = rows.length;
                        int coded =
                                codings == null
                                        ? -1
                                        : alternate
                                                ? c % codings.size()
                                                : c * codings.size() / chunks.size();
                        for (int k = 0; k < types.size(); k++) {
                            Map<String, Integer> coding =
                                    k == 0 && coded >= 0 ? codings.get(coded) : null;
                            fill(
                                    inputs[k],
                                    rows,
                                    k,
                                    coding,
                                    coding == null ? null : dictionaries.get(coded));
                        }
                        long bound = table.growthBound(inputs, n);
                        long before = memory.reserved();
                        int[] gids = new int[n];
                        table.resolve(inputs, n, null, gids);
                        assertTrue(
                                memory.reserved() - before <= bound,
                                "chunk "
                                        + c
                                        + " grew "
                                        + (memory.reserved() - before)
                                        + " bytes, bound "
                                        + bound);
                        for (int i = 0; i < n; i++) {
                            List<Object> key = Arrays.asList(rows[i]);
                            Integer expected = model.get(key);
                            if (expected == null) {
                                expected = model.size();
                                model.put(key, expected);
                            }
                            assertEquals(expected, gids[i], "chunk " + c + " row " + i);
                        }
                        usedMemo |= table.directIndexSlots() > 0;
                    }
                    assertEquals(model.size(), table.groupCount());
                    finalSlots = table.directIndexSlots();
                }
                assertEquals(0, memory.reserved());
                assertEquals(0, root.getAllocatedMemory());
                return new Memo(usedMemo, finalSlots);
            }
        }
    }

    /** Whether any chunk was looked up in the memo, and its slots after the last chunk. */
    private record Memo(boolean used, int finalSlots) {}

    /** Decodes key {@code k} of {@code rows} into {@code in} by hand, coded by {@code coding}. */
    private static void fill(
            DecodedColumn in,
            Object[][] rows,
            int k,
            Map<String, Integer> coding,
            ColumnCodes.Dictionary dictionary) {
        int n = rows.length;
        in.rows = n;
        in.nulls = new byte[n];
        in.longs = new long[n];
        in.doubles = new double[n];
        in.offsets = new int[n + 1];
        in.codes = new int[n];
        in.dictionary = dictionary;
        byte[] bytes = new byte[n * 16 + Hashing.TAIL_PAD];
        int used = 0;
        for (int i = 0; i < n; i++) {
            Object v = rows[i][k];
            in.nulls[i] = (byte) (v == null ? 1 : 0);
            if (v instanceof Long l) {
                in.longs[i] = l;
            } else if (v instanceof Double d) {
                in.doubles[i] = d;
            } else if (v instanceof String s) {
                byte[] b = s.getBytes(StandardCharsets.UTF_8);
                System.arraycopy(b, 0, bytes, used, b.length);
                used += b.length;
                if (coding != null) {
                    in.codes[i] = coding.get(s);
                }
            }
            in.offsets[i + 1] = used;
        }
        in.bytes = bytes;
        in.changed();
    }
}
