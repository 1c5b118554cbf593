package io.tally.schema.parquet;

import org.apache.arrow.vector.FieldVector;

/**
 * The non-NULL values of one data page, decoded in runs: each {@link #put} writes the page's next
 * {@code count} values into consecutive rows of a vector (validity is the caller's).
 */
interface PageValues {
    /** Writes the next {@code count} values into rows {@code [row, row + count)} of {@code v}. */
    void put(FieldVector v, int row, int count);
}
