package io.tally.exec;

import io.tally.memory.OperatorMemory;
import io.tally.spill.QuerySpillDirectory;
import io.tally.spill.SpillCounters;
import io.tally.spill.SpillDirectory;
import io.tally.spill.SpillOptions;
import io.tally.spill.SpillReader;
import io.tally.spill.SpillWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The result of emit mode ALL: every output batch of an aggregate, materialized before the first
 * one is returned, then handed back in order. Batches stay in memory unless the buffer is told to
 * {@link #spillFromNow} (the aggregate spilled, or the pool cannot hold the copy of every group):
 * from then on each batch is written to a spill file of the operator and its memory released, so
 * emit ALL runs within {@code memory_limit} as the blocked drain does; the file is read back batch
 * by batch when its turn comes.
 */
final class ResultBuffer implements AutoCloseable {
    private final OperatorMemory memory;
    private final Schema schema;
    private final SpillDirectory directory;
    private final Deque<BlockEmitter.Batch> held = new ArrayDeque<>();
    private boolean spilling;
    private SpillWriter writer;
    private SpillReader reader;

    /** {@code query} is the query's spill directory; null gives the buffer one of its own. */
    ResultBuffer(
            OperatorMemory memory,
            Schema schema,
            SpillOptions options,
            QuerySpillDirectory query,
            SpillCounters counters) {
        this.memory = memory;
        this.schema = schema;
        this.directory =
                new SpillDirectory(
                        query != null ? query : new QuerySpillDirectory(Path.of(options.dir())),
                        options,
                        memory.name() + ".result",
                        counters);
    }

    /** Writes every batch added from now on to disk instead of keeping it. */
    void spillFromNow() {
        spilling = true;
    }

    /** Takes {@code batch} (its buffers and reservation) as the next part of the result. */
    void add(BlockEmitter.Batch batch) {
        if (!spilling) {
            held.add(batch);
            return;
        }
        try (VectorSchemaRoot root = batch.root()) {
            if (writer == null) {
                writer = directory.newFile("result", schema, memory.allocator());
            }
            writer.append(root);
        } finally {
            memory.release(batch.reserved());
        }
    }

    /** The next batch of the result (the caller releases it), or null when all were returned. */
    BlockEmitter.Batch poll() {
        if (!held.isEmpty()) {
            return held.poll();
        }
        if (writer == null) {
            return null;
        }
        if (reader == null) {
            writer.close();
            reader =
                    new SpillReader(
                            writer.file(), schema, directory.counters(), memory.allocator());
        }
        VectorSchemaRoot root = reader.next();
        if (root == null) {
            return null;
        }
        long bytes = 0;
        for (FieldVector v : root.getFieldVectors()) {
            for (ArrowBuf buf : v.getBuffers(false)) {
                bytes += buf.capacity();
            }
        }
        try {
            memory.reserve(bytes);
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
        return new BlockEmitter.Batch(root, bytes);
    }

    /** Frees what is held and deletes the file. */
    @Override
    public void close() {
        for (BlockEmitter.Batch b : held) {
            b.root().close();
            memory.release(b.reserved());
        }
        held.clear();
        try {
            if (reader != null) {
                reader.close();
            } else if (writer != null) {
                writer.close();
            }
        } finally {
            directory.close();
        }
    }
}
