package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * BIT_AND, BIT_OR, BIT_XOR over integers and BOOL_AND, BOOL_OR over BOOLEAN (as AND/OR of 0/1).
 * State: the 64-bit accumulated value and a flag byte (0 = no value yet). Serialized as one
 * nullable BIGINT (BOOLEAN for BOOL_*) column, NULL meaning no value.
 */
public final class BitwiseAccumulator extends Accumulator {
    private final DataType stateType;
    private final StateColumn values;
    private final StateColumn flags;

    public BitwiseAccumulator(AggregateCall call, BlockLayout layout, OperatorMemory memory) {
        super(call, layout, memory);
        boolean bool = call.kind() == AggKind.BOOL_AND || call.kind() == AggKind.BOOL_OR;
        this.stateType = DataType.of(bool ? ColumnType.BOOLEAN : ColumnType.BIGINT);
        values = newColumn(8);
        flags = newColumn(1);
    }

    @Override
    public List<Field> stateFields() {
        return List.of(stateType.toField(call.name() + "$value"));
    }

    @Override
    public void update(int[] gids, int n) {
        DecodedColumn a = args[0];
        ArrowBuf[] vb = values.blocks;
        ArrowBuf[] fb = flags.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        AggKind kind = call.kind();
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || a.nulls[i] != 0) {
                continue;
            }
            int blk = g >>> shift;
            int slot = g & mask;
            ArrowBuf v = vb[blk];
            long at = (long) slot << 3;
            long x = a.longs[i];
            if (fb[blk].getByte(slot) == 0) {
                fb[blk].setByte(slot, 1);
                v.setLong(at, x);
                continue;
            }
            long cur = v.getLong(at);
            switch (kind) {
                case BIT_AND:
                case BOOL_AND:
                    v.setLong(at, cur & x);
                    break;
                case BIT_OR:
                case BOOL_OR:
                    v.setLong(at, cur | x);
                    break;
                default:
                    v.setLong(at, cur ^ x);
                    break;
            }
        }
    }

    @Override
    public void serialize(int block, int rows, List<FieldVector> out) {
        write(out.get(0), stateType, block, rows);
    }

    @Override
    public void merge(List<FieldVector> states, int[] gids, int n) {
        DecodedColumn[] saved = args;
        bind(new DecodedColumn[] {decode(states.get(0), stateType, n)});
        try {
            update(gids, n);
        } finally {
            bind(saved);
        }
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        write(out, call.outputType(), block, rows);
    }

    private void write(FieldVector out, DataType t, int block, int rows) {
        ArrowBuf v = values.blocks[block];
        ArrowBuf f = flags.blocks[block];
        for (int i = 0; i < rows; i++) {
            if (f.getByte(i) == 0) {
                out.setNull(i);
            } else {
                VectorWriter.setLong(out, t, i, v.getLong((long) i << 3), label());
            }
        }
    }
}
