package io.tally.exec;

import io.tally.batch.BatchRows;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Row view of a finished {@link BlockedAggregator}: pulls one block at a time and yields its rows
 * in Calcite's Java representation ({@link BatchRows}). Pulling the next block frees the previous
 * one; {@link #close()} closes the aggregator.
 */
public final class AggregateRows implements Iterator<Object[]>, AutoCloseable {
    private final BlockedAggregator aggregator;
    private VectorSchemaRoot batch;
    private int row;
    private boolean done;

    /** Wraps an aggregator on which {@link BlockedAggregator#finish()} has been called. */
    public AggregateRows(BlockedAggregator aggregator) {
        this.aggregator = aggregator;
    }

    @Override
    public boolean hasNext() {
        while (!done && (batch == null || row >= batch.getRowCount())) {
            batch = aggregator.nextBlock();
            row = 0;
            done = batch == null;
        }
        return !done;
    }

    @Override
    public Object[] next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return BatchRows.row(batch, row++);
    }

    @Override
    public void close() {
        batch = null;
        done = true;
        aggregator.close();
    }
}
