package io.tally.batch;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Packs rows in Calcite's Java representation into Arrow batches of at most {@code batchRows} rows:
 * BOOLEAN Boolean, TINYINT Byte, SMALLINT Short, INTEGER Integer, BIGINT Long, REAL Float, DOUBLE
 * Double, DECIMAL BigDecimal, DATE Integer days, TIME Integer millis, TIMESTAMP Long millis,
 * CHAR/VARCHAR String, VARBINARY byte[], VARCHAR ARRAY java.util.List; NULL as null. The batcher
 * owns one reusable root whose buffers every batch reuses (they grow as values need); a returned
 * batch is valid until the next {@link #fill}.
 */
public final class RowBatcher implements AutoCloseable {
    /** Rows per batch when the caller has no better idea. */
    public static final int DEFAULT_BATCH_ROWS = 4096;

    private final List<DataType> types;

    /** The column types, vectors and error labels by column index (no list lookups per cell). */
    private final DataType[] columnTypes;

    private final FieldVector[] vectors;
    private final String[] columnLabels;
    private final VectorSchemaRoot root;
    private final int batchRows;
    private long rowNumber;

    /** Whether the vectors hold buffers from an earlier batch, reused by the next. */
    private boolean allocated;

    public RowBatcher(List<DataType> types, BufferAllocator allocator, int batchRows) {
        this(null, types, allocator, batchRows);
    }

    /** A batcher whose columns are called {@code names} (null: {@code c0, c1, ...}). */
    public RowBatcher(
            List<String> names, List<DataType> types, BufferAllocator allocator, int batchRows) {
        if (batchRows < 1) {
            throw new IllegalArgumentException("batch rows must be positive, got " + batchRows);
        }
        this.types = List.copyOf(types);
        this.batchRows = batchRows;
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < types.size(); c++) {
            fields.add(types.get(c).toField(names == null ? "c" + c : names.get(c)));
        }
        this.root = VectorSchemaRoot.create(new Schema(fields), allocator);
        this.columnTypes = this.types.toArray(new DataType[0]);
        this.vectors = root.getFieldVectors().toArray(new FieldVector[0]);
        this.columnLabels = new String[columnTypes.length];
        for (int c = 0; c < columnLabels.length; c++) {
            columnLabels[c] = "column " + c;
        }
    }

    public Schema schema() {
        return root.getSchema();
    }

    /** The one root every batch comes in (empty until the first {@link #fill}). */
    public VectorSchemaRoot root() {
        return root;
    }

    /** Packs the next rows of {@code rows}; returns {@code null} if there were none. */
    public VectorSchemaRoot fill(Iterator<Object[]> rows) {
        if (!rows.hasNext()) {
            return null;
        }
        if (allocated) {
            for (FieldVector v : vectors) {
                v.reset(); // keeps the buffers: no fresh pages (and their faults) per batch
            }
        } else {
            root.allocateNew();
            allocated = true;
        }
        int n = 0;
        while (n < batchRows && rows.hasNext()) {
            Object[] row = rows.next();
            rowNumber++;
            if (row.length != types.size()) {
                throw new TallyException(
                        "row "
                                + rowNumber
                                + " has "
                                + row.length
                                + " columns, expected "
                                + types.size());
            }
            for (int c = 0; c < row.length; c++) {
                set(vectors[c], columnTypes[c], n, row[c], c);
            }
            n++;
        }
        root.setRowCount(n);
        return root;
    }

    /**
     * Writes one cell. The label naming the cell ("row R, column C") is built only when the value
     * is refused: the writers get the column's label and a refusal gains the row number here, so
     * the common path formats no string per cell.
     */
    private void set(FieldVector v, DataType t, int i, Object value, int column) {
        if (value == null) {
            if (!t.nullable()) {
                throw new TallyException(cell(column) + ": NULL in " + t);
            }
            v.setNull(i);
            return;
        }
        String what = columnLabels[column];
        try {
            switch (t.type()) {
                case NULL:
                case BOOLEAN:
                    VectorWriter.setLong(v, t, i, ((Boolean) value) ? 1 : 0, what);
                    break;
                case REAL:
                case DOUBLE:
                    VectorWriter.setDouble(v, t, i, ((Number) value).doubleValue(), what);
                    break;
                case DECIMAL:
                    VectorWriter.setBigDecimal(v, t, i, (BigDecimal) value, what);
                    break;
                case CHAR:
                case VARCHAR:
                    byte[] utf8 = ((String) value).getBytes(StandardCharsets.UTF_8);
                    VectorWriter.setBytes(v, t, i, utf8, 0, utf8.length);
                    break;
                case VARBINARY:
                    byte[] raw = (byte[]) value;
                    VectorWriter.setBytes(v, t, i, raw, 0, raw.length);
                    break;
                case ARRAY:
                case MULTISET:
                    byte[] enc = ArrayCodec.encode((List<?>) value, t.element());
                    VectorWriter.setBytes(v, t, i, enc, 0, enc.length);
                    break;
                default:
                    VectorWriter.setLong(v, t, i, ((Number) value).longValue(), what);
                    break;
            }
        } catch (ClassCastException e) {
            throw new TallyException(
                    cell(column)
                            + ": expected "
                            + t
                            + " but got "
                            + value.getClass().getSimpleName()
                            + " "
                            + value,
                    e);
        } catch (TallyException e) {
            String message = e.getMessage();
            String detail =
                    message.startsWith(what) ? message.substring(what.length()) : ": " + message;
            throw new TallyException(cell(column) + detail, e);
        }
    }

    /** The label of the current row's cell in {@code column}, for error messages. */
    private String cell(int column) {
        return "row " + rowNumber + ", " + columnLabels[column];
    }

    @Override
    public void close() {
        root.close();
    }
}
