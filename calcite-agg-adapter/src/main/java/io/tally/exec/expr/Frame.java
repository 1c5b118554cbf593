package io.tally.exec.expr;

import io.tally.batch.DataType;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The rows an evaluation pass works on: the current input batch, optionally narrowed to a selection
 * of row numbers, and each input column read from Arrow into a {@link Column} at most once per pass
 * (on first use).
 */
final class Frame {
    private final List<DataType> inputTypes;
    private final Column[] columns;
    private final int[] loadedPass;
    private VectorSchemaRoot batch;
    private int[] selection;
    private int rows;
    private int pass;

    Frame(List<DataType> inputTypes) {
        this.inputTypes = inputTypes;
        this.columns = new Column[inputTypes.size()];
        this.loadedPass = new int[inputTypes.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = new Column();
        }
    }

    /**
     * Starts a pass over {@code batch}: all its rows, or when {@code selection} is not null its
     * first {@code rows} entries, in order.
     */
    void start(VectorSchemaRoot batch, int[] selection, int rows) {
        this.batch = batch;
        this.selection = selection;
        this.rows = rows;
        this.pass++;
    }

    int rows() {
        return rows;
    }

    /** Counts {@link #start} calls from 1: a pass's values are valid until the next one starts. */
    int pass() {
        return pass;
    }

    /** Input column {@code c} for this pass's rows. */
    Column input(int c) {
        Column column = columns[c];
        if (loadedPass[c] != pass) {
            FieldVector vector = batch.getVector(c);
            ArrowReader.read(vector, inputTypes.get(c), selection, rows, column);
            loadedPass[c] = pass;
        }
        return column;
    }
}
