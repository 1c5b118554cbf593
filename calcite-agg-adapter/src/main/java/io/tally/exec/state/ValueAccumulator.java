package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * What MIN, MAX, ANY_VALUE and SINGLE_VALUE share whatever the value's width: a flag byte per group
 * ({@link #VALUE}, {@link #NULL_ROW} or 0 for no row yet), and the partial state layout: the value
 * in the argument's type (NULL = none) plus, for SINGLE_VALUE, a non-null "seen" BOOLEAN.
 * Subclasses store the values and write one out.
 */
abstract class ValueAccumulator extends Accumulator {
    static final byte VALUE = 1;
    static final byte NULL_ROW = 2;
    private static final DataType SEEN = new DataType(ColumnType.BOOLEAN, 0, 0, false);
    final DataType input;
    final StateColumn flags;

    ValueAccumulator(
            AggregateCall call, DataType input, BlockLayout layout, OperatorMemory memory) {
        super(call, layout, memory);
        this.input = input.withNullable(true);
        this.flags = newColumn(1);
    }

    /**
     * Writes group {@code i} of {@code block} into row {@code i} of {@code out} as type {@code t}.
     */
    abstract void write(FieldVector out, DataType t, int block, int i, byte flag);

    @Override
    public final List<Field> stateFields() {
        List<Field> fields = new ArrayList<>();
        fields.add(input.toField(call.name() + "$value"));
        if (call.kind() == AggKind.SINGLE_VALUE) {
            fields.add(SEEN.toField(call.name() + "$seen"));
        }
        return fields;
    }

    @Override
    public final void serialize(int block, int rows, List<FieldVector> out) {
        ArrowBuf f = flags.blocks[block];
        for (int i = 0; i < rows; i++) {
            byte flag = f.getByte(i);
            write(out.get(0), input, block, i, flag);
            if (call.kind() == AggKind.SINGLE_VALUE) {
                ((BitVector) out.get(1)).setSafe(i, flag != 0 ? 1 : 0);
            }
        }
    }

    @Override
    public final void merge(List<FieldVector> states, int[] gids, int n) {
        DecodedColumn value = decode(states.get(0), input, n);
        int[] g = gids;
        if (call.kind() == AggKind.SINGLE_VALUE) {
            long[] seen = decode(states.get(1), SEEN, n).longs;
            g = new int[n];
            for (int i = 0; i < n; i++) {
                g[i] = seen[i] != 0 ? gids[i] : -1;
            }
        }
        DecodedColumn[] saved = args;
        bind(new DecodedColumn[] {value});
        try {
            update(g, n);
        } finally {
            bind(saved);
        }
    }

    @Override
    public final void finish(int block, int rows, FieldVector out) {
        ArrowBuf f = flags.blocks[block];
        for (int i = 0; i < rows; i++) {
            write(out, call.outputType(), block, i, f.getByte(i));
        }
    }
}
