package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/** COUNT(*) and COUNT(x, …): rows whose arguments are all non-NULL. State: Int64 count. */
public final class CountAccumulator extends Accumulator {
    private static final DataType STATE = new DataType(ColumnType.BIGINT, 0, 0, false);
    private final StateColumn counts;

    public CountAccumulator(AggregateCall call, BlockLayout layout, OperatorMemory memory) {
        super(call, layout, memory);
        counts = newColumn(8);
    }

    @Override
    public List<Field> stateFields() {
        return List.of(STATE.toField(call.name() + "$count"));
    }

    /** Counts by address (group ids below the group count fall inside allocated blocks). */
    @Override
    public void update(int[] gids, int n) {
        ArrowBuf[] blocks = counts.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        if (tally != null && noNulls()) {
            tally.addRowsTo(blocks, layout);
            return;
        }
        if (args.length == 0) {
            for (int i = 0; i < n; i++) {
                int g = gids[i];
                if (g >= 0) {
                    long at = blocks[g >>> shift].memoryAddress() + ((long) (g & mask) << 3);
                    MemoryUtil.putLong(at, MemoryUtil.getLong(at) + 1);
                }
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || anyNull(i)) {
                continue;
            }
            long at = blocks[g >>> shift].memoryAddress() + ((long) (g & mask) << 3);
            MemoryUtil.putLong(at, MemoryUtil.getLong(at) + 1);
        }
    }

    /** Whether no argument of this chunk holds a NULL (always true for COUNT(*)). */
    private boolean noNulls() {
        for (DecodedColumn a : args) {
            if (a.hasNulls) {
                return false;
            }
        }
        return true;
    }

    private boolean anyNull(int row) {
        for (DecodedColumn a : args) {
            if (a.nulls[row] != 0) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean mergesStored() {
        return true;
    }

    /** Adds the source's count words by address. */
    @Override
    public void mergeStored(Accumulator src, int[] srcGids, int[] gids, int n) {
        ArrowBuf[] blocks = counts.blocks;
        ArrowBuf[] from = ((CountAccumulator) src).counts.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g >= 0) {
                int s = srcGids[i];
                long add =
                        MemoryUtil.getLong(
                                from[s >>> shift].memoryAddress() + ((long) (s & mask) << 3));
                long at = blocks[g >>> shift].memoryAddress() + ((long) (g & mask) << 3);
                MemoryUtil.putLong(at, MemoryUtil.getLong(at) + add);
            }
        }
    }

    @Override
    public void serialize(int block, int rows, List<FieldVector> out) {
        ArrowBuf b = counts.blocks[block];
        BigIntVector v = (BigIntVector) out.get(0);
        for (int i = 0; i < rows; i++) {
            v.setSafe(i, b.getLong((long) i << 3));
        }
    }

    @Override
    public void merge(List<FieldVector> states, int[] gids, int n) {
        long[] add = decode(states.get(0), STATE, n).longs;
        ArrowBuf[] blocks = counts.blocks;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g >= 0) {
                ArrowBuf b = blocks[g >>> layout.shift()];
                long at = (long) (g & layout.mask()) << 3;
                b.setLong(at, b.getLong(at) + add[i]);
            }
        }
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        ArrowBuf b = counts.blocks[block];
        for (int i = 0; i < rows; i++) {
            VectorWriter.setLong(out, call.outputType(), i, b.getLong((long) i << 3), label());
        }
    }
}
