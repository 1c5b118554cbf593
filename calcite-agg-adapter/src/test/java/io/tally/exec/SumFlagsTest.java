package io.tally.exec;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.spill.SpillOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SUM's "has a value" flags set for a whole range of new groups at once (many groups, chunks
 * without NULLs) must still leave NULL every group no value reached: groups whose rows are all
 * filtered out or NULL, made between and after such chunks, serial and parallel (merged partial
 * tables), against {@link ReferenceAggregate}.
 */
class SumFlagsTest {
    private static final int K = 0, V = 1, D = 2, F = 3;
    private static final List<DataType> TYPES =
            List.of(
                    DataType.of(ColumnType.INTEGER),
                    DataType.of(ColumnType.BIGINT),
                    DataType.of(ColumnType.DOUBLE),
                    DataType.of(ColumnType.BOOLEAN));

    @TempDir Path spillDir;

    /**
     * 2000 keys in NULL-free rows; then new keys whose rows the FILTER drops; then more NULL-free
     * rows of old and new keys; then new keys whose values are NULL; then NULL-free rows again.
     */
    private static List<Object[]> rows() {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            rows.add(new Object[] {i % 2000, (long) i, i / 2.0, true});
        }
        for (int j = 0; j < 100; j++) {
            rows.add(new Object[] {5000 + j, (long) j, 1.5, false});
        }
        for (int i = 0; i < 4000; i++) {
            rows.add(new Object[] {i % 3000, (long) -i, 0.25, true});
        }
        for (int j = 0; j < 100; j++) {
            rows.add(new Object[] {7000 + j, null, null, true});
        }
        for (int i = 0; i < 3000; i++) {
            rows.add(new Object[] {i % 8000, 3L, 2.0, true});
        }
        return rows;
    }

    private static List<AggregateCall> calls() {
        DataType big = DataType.of(ColumnType.BIGINT);
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        List<AggregateCall> base =
                List.of(
                        AggregateCall.of(AggKind.SUM, List.of(V), big, "sum_v"),
                        AggregateCall.of(AggKind.SUM, List.of(D), dbl, "sum_d"),
                        AggregateCall.of(AggKind.SUM0, List.of(V), big, "sum0_v"));
        return AggregateFunctionsTest.withFilteredCopies(base, F, false);
    }

    @Test
    void groupsNoValueReachedStayNull() {
        List<Object[]> rows = rows();
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K), calls());
        for (int blockSize : new int[] {64, 8192}) {
            AggregatorHarness.assertMatchesReference(
                    spec, new AggregateConfig(blockSize, AggregateConfig.EmitMode.BLOCKED), rows);
        }
    }

    @Test
    void mergedPartialTablesKeepTheirNulls() {
        List<Object[]> rows = rows();
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K), calls());
        AggregateConfig config =
                new AggregateConfig(
                        64,
                        AggregateConfig.EmitMode.BLOCKED,
                        SpillOptions.defaults().withDir(spillDir.toString()));
        AggregatorHarness.assertParallelMatchesReference(spec, config, 2, rows);
    }
}
