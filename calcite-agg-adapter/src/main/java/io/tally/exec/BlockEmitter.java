package io.tally.exec;

import io.tally.batch.DataType;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.GroupHashTable;
import io.tally.exec.state.Accumulator;
import io.tally.memory.OperatorMemory;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns one block of groups into an output batch (keys, then finalized aggregates) allocated from
 * the operator's allocator, reserving an estimate from the pool before allocating and settling the
 * reservation to the batch's exact allocated size afterwards.
 */
final class BlockEmitter {
    /** Estimated bytes per variable-width output value (offset plus a short string). */
    private static final int VAR_VALUE_ESTIMATE = 20;

    private final Schema schema;
    private final List<DataType> types;
    private final SinkState sink;
    private final BlockLayout layout;
    private final OperatorMemory memory;
    private final int keyCount;
    private final BooleanSupplier cancelled;

    /**
     * An emitter of {@code sink}'s blocks; while other queries hold the server's memory, a batch
     * waits for its bytes (checking {@code cancelled}) before it fails.
     */
    BlockEmitter(
            AggregateSpec spec,
            SinkState sink,
            BlockLayout layout,
            OperatorMemory memory,
            BooleanSupplier cancelled) {
        this.schema = spec.outputSchema();
        this.types = spec.outputTypes();
        this.sink = sink;
        this.layout = layout;
        this.memory = memory;
        this.keyCount = spec.groupKeys().size();
        this.cancelled = cancelled;
    }

    /**
     * Reserves {@code bytes} for a batch; if {@code wait}, waiting while other queries hold the
     * server's memory.
     */
    private void reserve(long bytes, boolean wait) {
        if (wait) {
            memory.reserveWaiting(bytes, BlockedAggregator.SERVER_WAIT_MILLIS, cancelled);
        } else {
            memory.reserve(bytes);
        }
    }

    /** An emitted batch and the pool bytes it holds. */
    record Batch(VectorSchemaRoot root, long reserved) {}

    /** The pool bytes {@link #emit} reserves up front for block {@code block}. */
    long estimate(int block) {
        return estimateRows(layout.rowsIn(block, sink.table.groupCount()));
    }

    /** Builds block {@code block}'s output batch; the block itself stays allocated. */
    Batch emit(int block) {
        return emit(block, true);
    }

    private Batch emit(int block, boolean wait) {
        GroupHashTable table = sink.table;
        List<Accumulator> accumulators = sink.accumulators;
        int rows = layout.rowsIn(block, table.groupCount());
        long reserved = estimateRows(rows);
        reserve(reserved, wait);
        long before = memory.live();
        VectorSchemaRoot root = null;
        try {
            root = VectorSchemaRoot.create(schema, memory.allocator());
            List<FieldVector> vectors = root.getFieldVectors();
            for (FieldVector v : vectors) {
                v.setInitialCapacity(rows);
                v.allocateNew();
            }
            for (int k = 0; k < keyCount; k++) {
                table.key(k).write(block, rows, vectors.get(k));
            }
            for (int c = 0; c < accumulators.size(); c++) {
                accumulators.get(c).finish(block, rows, vectors.get(keyCount + c));
            }
            root.setRowCount(rows);
            long actual = memory.live() - before;
            if (actual > reserved) {
                reserve(actual - reserved, wait);
            } else {
                memory.release(reserved - actual);
            }
            reserved = actual;
            return new Batch(root, reserved);
        } catch (RuntimeException e) {
            if (root != null) {
                root.close();
            }
            memory.release(reserved);
            throw e;
        }
    }

    /**
     * Emit mode ALL: every block, in order, copied into one batch holding all groups; each block
     * (and its intermediate batch) is released as soon as it has been copied.
     */
    Batch emitAll(IntConsumer releaseBlock) {
        GroupHashTable table = sink.table;
        int total = table.groupCount();
        long reserved = estimateRows(total);
        memory.reserve(reserved);
        VectorSchemaRoot all = null;
        try {
            all = VectorSchemaRoot.create(schema, memory.allocator());
            List<FieldVector> targets = all.getFieldVectors();
            for (FieldVector v : targets) {
                v.setInitialCapacity(total);
                v.allocateNew();
            }
            int at = 0;
            for (int b = 0; b < table.blockCount(); b++) {
                Batch part = emit(b, false);
                releaseBlock.accept(b);
                try {
                    List<FieldVector> sources = part.root().getFieldVectors();
                    int rows = part.root().getRowCount();
                    for (int c = 0; c < targets.size(); c++) {
                        FieldVector target = targets.get(c);
                        FieldVector source = sources.get(c);
                        for (int i = 0; i < rows; i++) {
                            target.copyFromSafe(i, at + i, source);
                        }
                    }
                    at += rows;
                } finally {
                    part.root().close();
                    memory.release(part.reserved());
                }
            }
            all.setRowCount(total);
            long actual = 0;
            for (FieldVector v : targets) {
                for (ArrowBuf buf : v.getBuffers(false)) {
                    actual += buf.capacity();
                }
            }
            if (actual > reserved) {
                memory.reserve(actual - reserved);
            } else {
                memory.release(reserved - actual);
            }
            return new Batch(all, actual);
        } catch (RuntimeException e) {
            if (all != null) {
                all.close();
            }
            memory.release(reserved);
            throw e;
        }
    }

    private long estimateRows(int rows) {
        long perRow = 0;
        for (DataType t : types) {
            switch (t.type()) {
                case BOOLEAN:
                    perRow += 1;
                    break;
                case TINYINT:
                    perRow += 2;
                    break;
                case SMALLINT:
                    perRow += 3;
                    break;
                case INTEGER:
                case DATE:
                case TIME:
                case REAL:
                    perRow += 5;
                    break;
                case DECIMAL:
                    perRow += 17;
                    break;
                case BIGINT:
                case TIMESTAMP:
                case DOUBLE:
                    perRow += 9;
                    break;
                default:
                    perRow += VAR_VALUE_ESTIMATE;
            }
        }
        return perRow * rows;
    }
}
