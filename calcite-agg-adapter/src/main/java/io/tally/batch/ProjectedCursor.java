package io.tally.batch;

import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The batches of another cursor with only some of their columns, in a given order: each batch is a
 * view sharing the source batch's vectors (nothing is copied), valid as long as the source batch
 * is. Closing closes the source.
 */
public final class ProjectedCursor implements BatchCursor {
    private final BatchCursor source;
    private final int[] columns;

    /** {@code source}'s batches, column {@code i} being the source's column {@code columns[i]}. */
    public ProjectedCursor(BatchCursor source, int[] columns) {
        this.source = source;
        this.columns = columns.clone();
    }

    @Override
    public VectorSchemaRoot next() {
        VectorSchemaRoot batch = source.next();
        return batch == null ? null : project(batch, columns);
    }

    @Override
    public void close() {
        source.close();
    }

    /**
     * A view of {@code batch}'s columns {@code columns} (its vectors, not copies, with their
     * dictionary codes if it has any: {@link CodedBatch#project}).
     */
    public static VectorSchemaRoot project(VectorSchemaRoot batch, int[] columns) {
        return CodedBatch.project(batch, columns, null);
    }
}
