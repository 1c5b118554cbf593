package io.tally.exec.topk;

import io.tally.batch.DataType;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns a block of top-k groups (group keys, then the {@link AggKind#TOP_K} state) into output
 * batches of at most {@link #BATCH_ROWS} rows: one row per kept entry, best first, each column a
 * group key, a carried argument, or the entry's 1-based rank (ROW_NUMBER). The batch it returns is
 * reused by the next call; {@link #close} frees it.
 */
public final class TopKExpander implements AutoCloseable {
    /**
     * Rows per output batch: enough to amortize the per-batch work, small enough to stay cached.
     */
    public static final int BATCH_ROWS = 4096;

    /**
     * Where one output column comes from: group key {@code key}, argument {@code arg}, or the rank.
     */
    public record Source(int key, int arg) implements Serializable {
        public static Source key(int key) {
            return new Source(key, -1);
        }

        public static Source arg(int arg) {
            return new Source(-1, arg);
        }

        public static Source rowNumber() {
            return new Source(-1, -1);
        }
    }

    private final TopKRowCodec codec;
    private final List<Source> sources;
    private final List<DataType> outputTypes;
    private final int stateColumn;
    private final VectorSchemaRoot batch;
    private final FieldVector[] argOut;
    private VectorSchemaRoot groups;
    private int group;
    private int entry;
    private int entryCount;
    private int entryPos;
    private byte[] state;

    /**
     * An expander for groups of the TOP_K call {@code call} over arguments of {@code argTypes},
     * whose state is column {@code stateColumn} of a group block; output column {@code c} has type
     * {@code outputTypes[c]} and comes from {@code sources[c]}.
     */
    public TopKExpander(
            AggregateCall call,
            List<DataType> argTypes,
            int stateColumn,
            List<Source> sources,
            List<DataType> outputTypes,
            BufferAllocator allocator) {
        this.codec = new TopKRowCodec(argTypes, call.topK());
        this.sources = List.copyOf(sources);
        this.outputTypes = List.copyOf(outputTypes);
        this.stateColumn = stateColumn;
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < outputTypes.size(); c++) {
            fields.add(outputTypes.get(c).toField("$" + c));
        }
        this.batch = VectorSchemaRoot.create(new Schema(fields), allocator);
        this.argOut = new FieldVector[argTypes.size()];
        for (int c = 0; c < sources.size(); c++) {
            if (sources.get(c).arg() >= 0) {
                argOut[sources.get(c).arg()] = batch.getVector(c);
            }
        }
    }

    /** Starts on a new block of groups (owned by the caller, read until the next call). */
    public void start(VectorSchemaRoot groupBlock) {
        this.groups = groupBlock;
        this.group = 0;
        this.state = null;
    }

    /** The next batch of rows of the current block, or null when the block is used up. */
    public VectorSchemaRoot next() {
        batch.allocateNew();
        int row = 0;
        VarBinaryVector states = (VarBinaryVector) groups.getVector(stateColumn);
        while (row < BATCH_ROWS && group < groups.getRowCount()) {
            if (state == null) {
                if (states.isNull(group)) {
                    group++;
                    continue;
                }
                state = states.get(group);
                entryCount = TopKRowCodec.intAt(state, 0);
                entry = 0;
                entryPos = 4;
            }
            if (entry == entryCount) {
                state = null;
                group++;
                continue;
            }
            writeRow(row++);
            entryPos += TopKRowCodec.HEADER + TopKRowCodec.intAt(state, entryPos);
            entry++;
        }
        if (row == 0) {
            return null;
        }
        batch.setRowCount(row);
        return batch;
    }

    private void writeRow(int row) {
        codec.decode(state, entryPos, argOut, row, "top-k row");
        for (int c = 0; c < sources.size(); c++) {
            Source s = sources.get(c);
            if (s.key() >= 0) {
                batch.getVector(c).copyFromSafe(group, row, groups.getVector(s.key()));
            } else if (s.arg() < 0) {
                ((BigIntVector) batch.getVector(c)).setSafe(row, entry + 1);
            }
        }
    }

    /** The output column types. */
    public List<DataType> outputTypes() {
        return outputTypes;
    }

    @Override
    public void close() {
        batch.close();
    }
}
