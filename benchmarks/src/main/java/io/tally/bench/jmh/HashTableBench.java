package io.tally.bench.jmh;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.AggregateConfig;
import io.tally.exec.AggregateSpec;
import io.tally.exec.BlockedAggregator;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.MemoryPool;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Hash-table throughput of Tally's GROUP BY, through {@link BlockedAggregator#sink} with only
 * COUNT(*) so the work is finding or adding each row's group: {@code insert} builds a table of
 * {@code groups} groups from scratch (one row per new group; secondary result {@code rows} =
 * inserted rows/s), {@code probe} sinks a {@value #PROBE_ROWS}-row batch of random existing keys
 * into a table already holding {@code groups} groups (score = rows/s).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx4g"})
public class HashTableBench {
    /** Rows of one probe batch (the scans' batch size). */
    static final int PROBE_ROWS = 1 << 16;

    private static final DataType BIGINT = DataType.of(ColumnType.BIGINT).withNullable(false);

    @Param({"int64", "utf8"})
    public String key;

    @Param({"100", "1000000", "10000000"})
    public int groups;

    private BufferAllocator allocator;
    private AggregateSpec spec;
    private final List<VectorSchemaRoot> insertBatches = new ArrayList<>();
    private VectorSchemaRoot probeBatch;
    private BlockedAggregator filled;

    /** Rows inserted per second, reported next to the op rate of {@code insert}. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Rows {
        public long rows;

        @Setup(Level.Iteration)
        public void reset() {
            rows = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        allocator = new RootAllocator();
        DataType keyType =
                DataType.of(key.equals("int64") ? ColumnType.BIGINT : ColumnType.VARCHAR)
                        .withNullable(false);
        spec =
                AggregateSpec.groupBy(
                        List.of(keyType),
                        List.of(0),
                        List.of(AggregateCall.of(AggKind.COUNT, List.of(), BIGINT, "c")));
        for (int from = 0; from < groups; from += PROBE_ROWS) {
            int n = Math.min(PROBE_ROWS, groups - from);
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                keys[i] = from + i;
            }
            insertBatches.add(batch(keys));
        }
        SplittableRandom random = new SplittableRandom(42);
        long[] probes = new long[PROBE_ROWS];
        for (int i = 0; i < PROBE_ROWS; i++) {
            probes[i] = random.nextInt(groups);
        }
        probeBatch = batch(probes);
        filled = newAggregator();
        insertBatches.forEach(filled::sink);
    }

    private VectorSchemaRoot batch(long[] keys) {
        VectorSchemaRoot root =
                VectorSchemaRoot.create(
                        new Schema(List.of(spec.inputTypes().get(0).toField("k"))), allocator);
        root.allocateNew();
        for (int i = 0; i < keys.length; i++) {
            if (key.equals("int64")) {
                ((BigIntVector) root.getVector(0)).setSafe(i, keys[i]);
            } else {
                ((VarCharVector) root.getVector(0))
                        .setSafe(
                                i,
                                String.format(Locale.ROOT, "key_%010d", keys[i])
                                        .getBytes(StandardCharsets.US_ASCII));
            }
        }
        root.setRowCount(keys.length);
        return root;
    }

    private BlockedAggregator newAggregator() {
        return new BlockedAggregator(
                spec,
                AggregateConfig.defaults(),
                allocator,
                new MemoryPool(Long.MAX_VALUE / 4),
                () -> false,
                "HashTableBench");
    }

    /** Builds a table of {@code groups} new groups from scratch. */
    @Benchmark
    public int insert(Rows rows) {
        try (BlockedAggregator agg = newAggregator()) {
            for (VectorSchemaRoot b : insertBatches) {
                agg.sink(b);
            }
            rows.rows += groups;
            return agg.blockCount();
        }
    }

    /** Looks up {@value #PROBE_ROWS} existing keys (and bumps their counts). */
    @Benchmark
    @OperationsPerInvocation(PROBE_ROWS)
    public int probe() {
        filled.sink(probeBatch);
        return filled.blockCount();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        filled.close();
        probeBatch.close();
        insertBatches.forEach(VectorSchemaRoot::close);
        insertBatches.clear();
        allocator.close();
    }
}
