package io.tally.bench.drain;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.datasets.DrainGenerator.KeyKind;
import io.tally.exec.AggregateSpec;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import java.util.List;
import java.util.Locale;

/**
 * The aggregate list of a drain run over input {@code (k, v DOUBLE)}: {@code sum} is SUM(v), {@code
 * wide} is SUM, AVG, COUNT, MIN, MAX of v. The first call is always SUM(v), which the harness
 * checks.
 */
public enum DrainAgg {
    SUM,
    WIDE;

    private static final DataType DOUBLE = DataType.of(ColumnType.DOUBLE);
    private static final DataType BIGINT = DataType.of(ColumnType.BIGINT).withNullable(false);

    /** Input column of the key. */
    static final int KEY = 0;

    /** Input column of v. */
    static final int VALUE = 1;

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The GROUP BY k spec for input keys of {@code kind} (DICT arrives decoded, as VARCHAR). */
    public AggregateSpec spec(KeyKind kind) {
        List<DataType> input = List.of(keyType(kind), DOUBLE.withNullable(false));
        List<Integer> v = List.of(VALUE);
        List<AggregateCall> calls =
                this == SUM
                        ? List.of(AggregateCall.of(AggKind.SUM, v, DOUBLE, "sum_v"))
                        : List.of(
                                AggregateCall.of(AggKind.SUM, v, DOUBLE, "sum_v"),
                                AggregateCall.of(AggKind.AVG, v, DOUBLE, "avg_v"),
                                AggregateCall.of(AggKind.COUNT, List.of(), BIGINT, "count"),
                                AggregateCall.of(AggKind.MIN, v, DOUBLE, "min_v"),
                                AggregateCall.of(AggKind.MAX, v, DOUBLE, "max_v"));
        return AggregateSpec.groupBy(input, List.of(KEY), calls);
    }

    static DataType keyType(KeyKind kind) {
        DataType type =
                switch (kind) {
                    case INT64 -> DataType.of(ColumnType.BIGINT);
                    case UTF8, DICT -> DataType.of(ColumnType.VARCHAR);
                    case LISTSTR -> DataType.array(DataType.of(ColumnType.VARCHAR));
                };
        return type.withNullable(false);
    }
}
