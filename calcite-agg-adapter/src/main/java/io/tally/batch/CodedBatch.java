package io.tally.batch;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A batch some of whose VARCHAR columns also carry {@link ColumnCodes} (the table cache's
 * dictionary codes). To every other reader it is an ordinary {@link VectorSchemaRoot}; a view that
 * keeps a column's vector keeps its codes ({@link #project}). Closing it closes the vectors only:
 * the code buffers belong to whoever built them.
 */
public final class CodedBatch extends VectorSchemaRoot {
    /** Per column: its codes, or null. */
    private final ColumnCodes[] codes;

    public CodedBatch(
            List<Field> fields, List<FieldVector> vectors, int rows, ColumnCodes[] codes) {
        super(fields, vectors, rows);
        if (codes.length != vectors.size()) {
            throw new IllegalArgumentException(
                    codes.length + " code columns for " + vectors.size() + " vectors");
        }
        this.codes = codes.clone();
    }

    /** Column {@code column}'s codes in {@code batch}, or null if it has none. */
    public static ColumnCodes codes(VectorSchemaRoot batch, int column) {
        return batch instanceof CodedBatch coded ? coded.codes[column] : null;
    }

    /**
     * A view of {@code batch}'s columns {@code columns} (its vectors, not copies) with {@code
     * fields} as schema (null: the vectors' own fields); a {@link CodedBatch} when a kept column
     * has codes.
     */
    public static VectorSchemaRoot project(
            VectorSchemaRoot batch, int[] columns, List<Field> fields) {
        List<FieldVector> vectors = new ArrayList<>(columns.length);
        ColumnCodes[] kept = new ColumnCodes[columns.length];
        boolean coded = false;
        for (int i = 0; i < columns.length; i++) {
            vectors.add(batch.getVector(columns[i]));
            kept[i] = codes(batch, columns[i]);
            coded |= kept[i] != null;
        }
        List<Field> schema = fields;
        if (schema == null) {
            schema = new ArrayList<>(vectors.size());
            for (FieldVector v : vectors) {
                schema.add(v.getField());
            }
        }
        int rows = batch.getRowCount();
        return coded
                ? new CodedBatch(schema, vectors, rows, kept)
                : new VectorSchemaRoot(schema, vectors, rows);
    }
}
