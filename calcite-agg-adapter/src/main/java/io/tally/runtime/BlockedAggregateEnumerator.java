package io.tally.runtime;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.runtime.FlatLists;

/**
 * Rows of one blocked aggregate ({@link AggregateRun}): the first {@link #moveNext()} consumes the
 * whole input (sink, then finish), later calls walk the current output batch and fetch the next one
 * when it is used up. Closing releases the aggregator's memory at any point.
 */
final class BlockedAggregateEnumerator implements Enumerator<Object> {
    private final AggregateRun run;
    private final RowShape outputShape;
    private final boolean[] binaryOutput;
    private VectorSchemaRoot block;
    private int row;
    private Object current;
    private boolean hasCurrent;
    private boolean done;

    /** The rows of {@code run}, shaped as {@code outputShape} says. */
    BlockedAggregateEnumerator(AggregateRun run, RowShape outputShape) {
        this.run = run;
        this.outputShape = outputShape;
        List<DataType> out = run.outputTypes();
        this.binaryOutput = new boolean[out.size()];
        for (int i = 0; i < binaryOutput.length; i++) {
            binaryOutput[i] = out.get(i).type() == ColumnType.VARBINARY;
        }
    }

    @Override
    public Object current() {
        if (!hasCurrent) {
            throw new NoSuchElementException();
        }
        return current;
    }

    @Override
    public boolean moveNext() {
        try {
            if (!run.built()) {
                run.build();
            }
            while (!done) {
                if (block != null && row < block.getRowCount()) {
                    current = shape(BatchRows.row(block, row++));
                    hasCurrent = true;
                    return true;
                }
                block = run.next();
                row = 0;
                if (block == null) {
                    done = true;
                }
            }
        } catch (RuntimeException | Error e) {
            close(); // free everything now: the consumer may never close us after a failure
            throw e;
        }
        current = null;
        hasCurrent = false;
        return false;
    }

    private Object shape(Object[] values) {
        for (int i = 0; i < values.length; i++) {
            if (binaryOutput[i] && values[i] != null) {
                values[i] = new ByteString((byte[]) values[i]);
            }
        }
        switch (outputShape) {
            case SCALAR:
                return values[0];
            case LIST:
                return FlatLists.of(values);
            default:
                return values;
        }
    }

    @Override
    public void reset() {
        throw new UnsupportedOperationException("an aggregate's rows can be read once");
    }

    @Override
    public void close() {
        block = null;
        done = true;
        run.close();
    }
}
