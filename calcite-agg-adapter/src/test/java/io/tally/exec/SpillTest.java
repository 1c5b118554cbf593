package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.QueryCancelledException;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.spill.Partitioner;
import io.tally.exec.spill.SpillStaging;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.MemoryLimitExceededException;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import io.tally.metrics.AggregateMetrics;
import io.tally.spill.SpillException;
import io.tally.spill.SpillOptions;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Spilling under a memory limit: same answers as unlimited, integrity, cleanup and bounds. */
class SpillTest {
    private static final List<DataType> TYPES = AggregateFunctionsTest.TYPES;
    private static final int K1 = AggregateFunctionsTest.K1;
    private static final int S = AggregateFunctionsTest.S;
    private static final int V = AggregateFunctionsTest.V;
    @TempDir Path dir;

    /** The result of one run plus its metrics. */
    record Run(List<Object[]> rows, AggregateMetrics metrics, boolean spilled) {}

    /** Runs a serial aggregate of {@code spec} over {@code rows} under a pool of {@code limit}. */
    static Run run(
            AggregateSpec spec,
            AggregateConfig config,
            long limit,
            List<Object[]> rows,
            BufferAllocator root) {
        List<Object[]> out = new ArrayList<>();
        try (BlockedAggregator agg =
                new BlockedAggregator(
                        spec,
                        config,
                        root,
                        new MemoryPool(limit),
                        () -> false,
                        "EnumerableBlockedAggregate#spill")) {
            agg.sinkRows(rows.iterator());
            agg.finish();
            VectorSchemaRoot batch;
            while ((batch = agg.nextBlock()) != null) {
                out.addAll(BatchRows.rows(batch));
            }
            return new Run(out, agg.metrics(), agg.spilled());
        }
    }

    private AggregateConfig config(
            int blockSize, SpillOptions.Format f, SpillOptions.Compression c) {
        return new AggregateConfig(
                blockSize,
                AggregateConfig.EmitMode.BLOCKED,
                SpillOptions.defaults().withDir(dir.toString()).withFormat(f).withCompression(c));
    }

    /** Both formats; compression is exercised on the narrow spec (it costs per buffer). */
    static Stream<Arguments> formats() {
        return Stream.of(
                Arguments.of(SpillOptions.Format.COLUMNS, SpillOptions.Compression.NONE),
                Arguments.of(SpillOptions.Format.BINARY, SpillOptions.Compression.NONE));
    }

    static Stream<Arguments> compressed() {
        List<Arguments> out = new ArrayList<>();
        for (SpillOptions.Format f : SpillOptions.Format.values()) {
            for (SpillOptions.Compression c : SpillOptions.Compression.values()) {
                out.add(Arguments.of(f, c));
            }
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("compressed")
    void compressedSpillEqualsUnlimited(SpillOptions.Format f, SpillOptions.Compression c)
            throws IOException {
        try (BufferAllocator root = new RootAllocator()) {
            AggregateConfig config = config(1024, f, c);
            Run limited = run(wide(), config, 512 << 10, numbers(100_000), root);
            assertTrue(limited.spilled(), limited.metrics().toString());
            Run unlimited = run(wide(), config, 1L << 34, numbers(100_000), root);
            AggregatorHarness.assertSameRows(unlimited.rows(), limited.rows());
            assertEquals(0, root.getAllocatedMemory());
        }
        assertNoSpillFilesLeft();
    }

    @ParameterizedTest
    @MethodSource("formats")
    void everyFunctionSpilledEqualsReference(SpillOptions.Format f, SpillOptions.Compression c)
            throws IOException {
        List<Object[]> rows = AggregateFunctionsTest.rows(6000, 3);
        AggregateSpec spec =
                AggregateSpec.groupBy(TYPES, List.of(K1, S), AggregateFunctionsTest.allVariants());
        try (BufferAllocator root = new RootAllocator()) {
            AggregateConfig config = config(256, f, c);
            Run unlimited = run(spec, config, 1L << 34, rows, root);
            assertFalse(unlimited.spilled());
            Run limited = run(spec, config, unlimited.metrics().poolPeak * 8 / 10, rows, root);
            assertTrue(limited.spilled(), limited.metrics().toString());
            assertTrue(
                    limited.metrics().spillWriteBytes > 0 && limited.metrics().spillReadCount > 0);
            assertTrue(limited.metrics().poolPeak <= unlimited.metrics().poolPeak * 8 / 10);
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), limited.rows());
            assertEquals(0, root.getAllocatedMemory());
        }
        assertNoSpillFilesLeft();
    }

    @Test
    void randomLimitsGiveUnlimitedAnswers() throws IOException {
        Random r = new Random(42);
        try (BufferAllocator root = new RootAllocator()) {
            for (int round = 0; round < 6; round++) {
                List<Object[]> rows =
                        AggregateFunctionsTest.rows(3000 + r.nextInt(4000), r.nextLong());
                List<AggregateCall> all = AggregateFunctionsTest.allVariants();
                List<AggregateCall> calls = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    calls.add(all.get(r.nextInt(all.size())));
                }
                AggregateSpec spec =
                        AggregateSpec.groupBy(
                                TYPES, r.nextBoolean() ? List.of(K1, S) : List.of(V, S), calls);
                AggregateConfig config =
                        config(
                                1 << (4 + r.nextInt(6)),
                                SpillOptions.Format.values()[r.nextInt(2)],
                                SpillOptions.Compression.NONE);
                Run unlimited = run(spec, config, 1L << 34, rows, root);
                long limit = (long) (unlimited.metrics().poolPeak * (0.1 + 0.8 * r.nextDouble()));
                try {
                    Run limited = run(spec, config, limit, rows, root);
                    AggregatorHarness.assertSameRows(unlimited.rows(), limited.rows());
                } catch (MemoryLimitExceededException e) {
                    assertTrue(e.getMessage().contains("memory_limit"), e.getMessage());
                }
                assertEquals(0, root.getAllocatedMemory());
            }
        }
        assertNoSpillFilesLeft();
    }

    /**
     * Keys all in level-0 partition 0, so that partition alone overflows the limit and is split
     * (level 1 spreads it over 16 files): every file's batches but its last hold at least {@link
     * SpillStaging#SPILL_BATCH_ROWS} rows, so batches <= files + rows / SPILL_BATCH_ROWS; the
     * answer matches a HashMap model.
     */
    @ParameterizedTest
    @MethodSource("formats")
    void deepSpillWritesFullBatches(SpillOptions.Format f, SpillOptions.Compression c)
            throws IOException {
        int groups = 300_000;
        long[] keys = partitionZeroKeys(groups);
        Map<Long, long[]> model = new HashMap<>();
        List<Object[]> rows = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (int g = 0; g < groups; g++) {
                long v = (long) round * groups + g;
                rows.add(new Object[] {keys[g], v});
                long[] sc = model.computeIfAbsent(keys[g], k -> new long[2]);
                sc[0] += v;
                sc[1]++;
            }
        }
        try (BufferAllocator root = new RootAllocator()) {
            Run r = run(wide(), config(1024, f, c), 5L << 20, rows, root);
            AggregateMetrics m = r.metrics();
            assertTrue(m.spillDepth >= 1, m.toString());
            assertTrue(m.spillWriteRows >= 2L * groups, m.toString());
            assertTrue(
                    m.spillWriteCount
                            <= m.spillFiles + m.spillWriteRows / SpillStaging.SPILL_BATCH_ROWS,
                    "batches "
                            + m.spillWriteCount
                            + ", files "
                            + m.spillFiles
                            + ", rows "
                            + m.spillWriteRows
                            + ": "
                            + m);
            assertEquals(groups, r.rows().size());
            for (Object[] row : r.rows()) {
                long[] sc = model.get((Long) row[0]);
                assertEquals(sc[0], ((Number) row[1]).longValue(), "sum of " + row[0]);
                assertEquals(sc[1], ((Number) row[2]).longValue(), "count of " + row[0]);
            }
            assertEquals(0, root.getAllocatedMemory());
        }
        assertNoSpillFilesLeft();
    }

    /** The first {@code n} non-negative BIGINT keys whose level-0 spill partition is 0. */
    private static long[] partitionZeroKeys(int n) {
        DataType big = DataType.of(ColumnType.BIGINT);
        long[] out = new long[n];
        int found = 0;
        int chunk = 4096;
        try (BufferAllocator root = new RootAllocator();
                OperatorMemory memory = new OperatorMemory("keys", root, new MemoryPool(1L << 30));
                BigIntVector v = new BigIntVector("k", root)) {
            Partitioner partitioner = new Partitioner(List.of(big), BlockLayout.of(1024), memory);
            v.allocateNew(chunk);
            VectorSchemaRoot batch = VectorSchemaRoot.of(v);
            for (long next = 0; found < n; next += chunk) {
                for (int i = 0; i < chunk; i++) {
                    v.set(i, next + i);
                }
                batch.setRowCount(chunk);
                int[] parts = partitioner.partitions(batch, 0);
                for (int i = 0; i < chunk && found < n; i++) {
                    if (parts[i] == 0) {
                        out[found++] = next + i;
                    }
                }
            }
        }
        return out;
    }

    /** SUM and COUNT of the second BIGINT by the first. */
    static AggregateSpec wide() {
        DataType big = DataType.of(ColumnType.BIGINT);
        return AggregateSpec.groupBy(
                List.of(big, big),
                List.of(0),
                List.of(
                        AggregateCall.of(AggKind.SUM, List.of(1), big, "s"),
                        AggregateCall.of(AggKind.COUNT, List.of(1), big, "c")));
    }

    private static List<Object[]> numbers(int n) {
        List<Object[]> rows = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            rows.add(new Object[] {i % (n / 2), i + 1});
        }
        return rows;
    }

    @Test
    void corruptedSpillFileFailsTheQuery() throws IOException {
        try (BufferAllocator root = new RootAllocator()) {
            BlockedAggregator agg =
                    new BlockedAggregator(
                            wide(),
                            config(
                                    1024,
                                    SpillOptions.Format.COLUMNS,
                                    SpillOptions.Compression.NONE),
                            root,
                            new MemoryPool(512 << 10),
                            () -> false,
                            "Agg#corrupt");
            agg.sinkRows(numbers(200_000).iterator());
            assertTrue(agg.spilled());
            Path spillDir = agg.spillDirectory();
            try (Stream<Path> files = Files.list(spillDir)) {
                for (Path file : files.toList()) {
                    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                        long at = raf.length() / 2;
                        raf.seek(at);
                        int b = raf.read();
                        raf.seek(at);
                        raf.write(b ^ 0x10);
                    }
                }
            }
            SpillException e =
                    assertThrows(
                            SpillException.class,
                            () -> {
                                agg.finish();
                                while (agg.nextBlock() != null) {
                                    // drain
                                }
                            });
            assertTrue(
                    e.getMessage().startsWith("spill file corrupted: " + spillDir), e.getMessage());
            agg.close();
            assertFalse(Files.exists(spillDir));
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void cleanupOnSuccessErrorAndCancel() throws IOException {
        try (BufferAllocator root = new RootAllocator()) {
            Run ok =
                    run(
                            wide(),
                            config(1024, SpillOptions.Format.BINARY, SpillOptions.Compression.LZ4),
                            512 << 10,
                            numbers(200_000),
                            root);
            assertTrue(ok.spilled());
            assertEquals(100_000, ok.rows().size());
            assertNoSpillFilesLeft();
            AtomicBoolean cancel = new AtomicBoolean();
            BlockedAggregator agg =
                    new BlockedAggregator(
                            wide(),
                            config(
                                    1024,
                                    SpillOptions.Format.COLUMNS,
                                    SpillOptions.Compression.ZSTD),
                            root,
                            new MemoryPool(512 << 10),
                            cancel::get,
                            "Agg#cancel");
            agg.sinkRows(numbers(200_000).iterator());
            agg.finish();
            assertTrue(agg.nextBlock() != null && agg.spilled());
            cancel.set(true);
            assertThrows(QueryCancelledException.class, agg::nextBlock);
            Path spillDir = agg.spillDirectory();
            agg.close();
            assertFalse(Files.exists(spillDir));
            assertNoSpillFilesLeft();
            AggregateConfig full =
                    config(1024, SpillOptions.Format.COLUMNS, SpillOptions.Compression.NONE)
                            .withSpill(
                                    SpillOptions.defaults()
                                            .withDir(dir.toString())
                                            .withMaxBytes(100_000));
            SpillException e =
                    assertThrows(
                            SpillException.class,
                            () -> run(wide(), full, 512 << 10, numbers(200_000), root));
            assertTrue(
                    e.getMessage().startsWith("No space left on the spill device"), e.getMessage());
            assertNoSpillFilesLeft();
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void liveMemoryStaysWithinLimitPlusSlack() {
        long limit = 1 << 20;
        try (BufferAllocator root = new RootAllocator()) {
            Run r =
                    run(
                            wide(),
                            config(
                                    1024,
                                    SpillOptions.Format.COLUMNS,
                                    SpillOptions.Compression.NONE),
                            limit,
                            numbers(400_000),
                            root);
            assertTrue(r.spilled());
            assertEquals(200_000, r.rows().size());
            // slack (AggregateSpiller's javadoc): the level-0 staging, bounded by
            // AggregateSpiller.stagingSlack(limit) = 256 KiB at this limit, plus unreserved I/O
            // buffers: the input batch (4096 rows of two BIGINTs, 64 KiB), one spilled block
            // serialized
            // (and copied), and one staged batch of SPILL_BATCH_ROWS rows being encoded — each
            // under
            // 64 KiB for these 24-byte states, so 256 KiB covers them
            long slack = AggregateSpiller.stagingSlack(limit) + (256 << 10);
            assertTrue(r.metrics().poolPeak <= limit, r.metrics().toString());
            assertTrue(r.metrics().livePeak <= limit + slack, r.metrics().toString());
        }
    }

    @Test
    void impossibleLimitIsAClearError() throws IOException {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryLimitExceededException e =
                    assertThrows(
                            MemoryLimitExceededException.class,
                            () ->
                                    run(
                                            wide(),
                                            config(
                                                    8192,
                                                    SpillOptions.Format.COLUMNS,
                                                    SpillOptions.Compression.NONE),
                                            64 << 10,
                                            numbers(50_000),
                                            root));
            assertTrue(
                    e.getMessage()
                            .startsWith(
                                    "Operator EnumerableBlockedAggregate#spill exceeded memory_limit 64.0 KiB: it needs "),
                    e.getMessage());
            assertEquals(0, root.getAllocatedMemory());
        }
        assertNoSpillFilesLeft();
    }

    private void assertNoSpillFilesLeft() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList());
        }
    }
}
