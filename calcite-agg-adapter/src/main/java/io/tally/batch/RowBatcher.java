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
 * Packs rows in Calcite's Java representation into Arrow batches of at most {@code batchRows}
 * rows: BOOLEAN Boolean, TINYINT Byte, SMALLINT Short, INTEGER Integer, BIGINT Long, REAL Float,
 * DOUBLE Double, DECIMAL BigDecimal, DATE Integer days, TIME Integer millis, TIMESTAMP Long
 * millis, CHAR/VARCHAR String, VARBINARY byte[], VARCHAR ARRAY java.util.List; NULL as null.
 * The batcher owns one reusable root; a returned batch is valid until the next {@link #fill}.
 */
public final class RowBatcher implements AutoCloseable {
  /** Rows per batch when the caller has no better idea. */
  public static final int DEFAULT_BATCH_ROWS = 4096;
  private final List<DataType> types;
  private final VectorSchemaRoot root;
  private final int batchRows;
  private long rowNumber;

  public RowBatcher(List<DataType> types, BufferAllocator allocator, int batchRows) {
    this(null, types, allocator, batchRows);
  }

  /** A batcher whose columns are called {@code names} (null: {@code c0, c1, ...}). */
  public RowBatcher(List<String> names, List<DataType> types, BufferAllocator allocator,
      int batchRows) {
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
    root.clear();
    root.allocateNew();
    int n = 0;
    while (n < batchRows && rows.hasNext()) {
      Object[] row = rows.next();
      rowNumber++;
      if (row.length != types.size()) {
        throw new TallyException("row " + rowNumber + " has " + row.length + " columns, expected "
            + types.size());
      }
      for (int c = 0; c < row.length; c++) {
        set(root.getVector(c), types.get(c), n, row[c], c);
      }
      n++;
    }
    root.setRowCount(n);
    return root;
  }

  private void set(FieldVector v, DataType t, int i, Object value, int column) {
    if (value == null) {
      if (!t.nullable()) {
        throw new TallyException("row " + rowNumber + ", column " + column + ": NULL in " + t);
      }
      v.setNull(i);
      return;
    }
    String what = "row " + rowNumber + ", column " + column;
    try {
      switch (t.type()) {
        case BOOLEAN: VectorWriter.setLong(v, t, i, ((Boolean) value) ? 1 : 0, what); break;
        case REAL:
        case DOUBLE: VectorWriter.setDouble(v, t, i, ((Number) value).doubleValue(), what); break;
        case DECIMAL: VectorWriter.setBigDecimal(v, t, i, (BigDecimal) value, what); break;
        case CHAR:
        case VARCHAR:
          byte[] utf8 = ((String) value).getBytes(StandardCharsets.UTF_8);
          VectorWriter.setBytes(v, t, i, utf8, 0, utf8.length);
          break;
        case VARBINARY:
          byte[] raw = (byte[]) value;
          VectorWriter.setBytes(v, t, i, raw, 0, raw.length);
          break;
        case VARCHAR_ARRAY:
          byte[] enc = ArrayCodec.encode((List<?>) value);
          VectorWriter.setBytes(v, t, i, enc, 0, enc.length);
          break;
        default: VectorWriter.setLong(v, t, i, ((Number) value).longValue(), what); break;
      }
    } catch (ClassCastException e) {
      throw new TallyException(what + ": expected " + t + " but got "
          + value.getClass().getSimpleName() + " " + value, e);
    }
  }

  @Override
  public void close() {
    root.close();
  }
}
