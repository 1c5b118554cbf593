package io.tally.bench.drain;

import io.tally.datasets.BatchGenerator;
import io.tally.datasets.DrainGenerator;
import io.tally.datasets.DrainGenerator.KeyKind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;

/**
 * The input of one drain shape, generated once by {@link DrainGenerator} into memory (so build time
 * is the aggregator's, not the generator's) and replayed for every aggregate and emit mode. DICT
 * batches stay dictionary-encoded; {@link #forEachBatch} decodes each to a VarChar vector just
 * before it is sunk (the aggregator takes plain vectors), so DICT's build time includes decoding,
 * as a scan of a dictionary-encoded file would.
 */
final class DrainInput implements AutoCloseable {
    private final KeyKind kind;
    private final long groups;
    private final BufferAllocator allocator;
    private final BatchGenerator generator;
    private final List<VectorSchemaRoot> batches = new ArrayList<>();

    DrainInput(KeyKind kind, long groups, BufferAllocator parent) {
        this.kind = kind;
        this.groups = groups;
        this.allocator =
                parent.newChildAllocator("drain-input-" + kind.cliName(), 0, Long.MAX_VALUE);
        DrainGenerator dataset = new DrainGenerator(groups, kind, false, 0);
        this.generator = dataset.open(allocator);
        try {
            while (true) {
                VectorSchemaRoot root = VectorSchemaRoot.create(dataset.schema(), allocator);
                for (FieldVector v : root.getFieldVectors()) {
                    v.setInitialCapacity(BatchGenerator.BATCH_ROWS);
                }
                root.allocateNew();
                if (!generator.fill(root)) {
                    root.close();
                    break;
                }
                batches.add(root);
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    KeyKind kind() {
        return kind;
    }

    long groups() {
        return groups;
    }

    /** Bytes of Arrow memory the generated input holds (not counted as the aggregator's). */
    long bytes() {
        return allocator.getAllocatedMemory();
    }

    /** Hands each batch, as {@code (k, v)} with k decoded for DICT, to {@code sink}. */
    void forEachBatch(Consumer<VectorSchemaRoot> sink) {
        Dictionary dictionary = kind == KeyKind.DICT ? generator.dictionaries().lookup(0) : null;
        for (VectorSchemaRoot batch : batches) {
            if (dictionary == null) {
                sink.accept(batch);
                continue;
            }
            // the wrapper root is not closed: v belongs to the input batch; only the decoded keys
            // are freed
            try (ValueVector decoded = DictionaryEncoder.decode(batch.getVector(0), dictionary)) {
                VectorSchemaRoot plain =
                        new VectorSchemaRoot(List.of((FieldVector) decoded, batch.getVector(1)));
                plain.setRowCount(batch.getRowCount());
                sink.accept(plain);
            }
        }
    }

    @Override
    public void close() {
        batches.forEach(VectorSchemaRoot::close);
        batches.clear();
        generator.close();
        allocator.close();
    }
}
