package io.tally.schema;

import io.tally.exec.BatchCursor;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows of {@code numbers(n)}: one non-null BIGINT column {@code number} holding 0 .. n-1,
 * generated batch by batch so no more than {@link ScanData#BATCH_ROWS} rows exist at a time.
 */
public final class NumbersData implements ScanData {
  /** Name of the single column. */
  public static final String COLUMN = "number";
  private static final Schema SCHEMA = new Schema(List.of(
      new Field(COLUMN, FieldType.notNullable(new ArrowType.Int(64, true)), null)));

  private final long count;

  /** Rows 0 .. count-1; {@code count} must not be negative. */
  public NumbersData(long count) {
    if (count < 0) {
      throw new IllegalArgumentException(
          "numbers(n): n must be zero or positive, but was " + count);
    }
    this.count = count;
  }

  public long count() {
    return count;
  }

  @Override
  public String name() {
    return "numbers(" + count + ")";
  }

  @Override
  public Schema schema() {
    return SCHEMA;
  }

  @Override
  public double estimatedRowCount() {
    return count;
  }

  @Override
  public BatchCursor open(BufferAllocator allocator, int[] fields) {
    if (fields.length != 1 || fields[0] != 0) {
      throw new IllegalArgumentException("numbers(n) has one column; asked for fields "
          + java.util.Arrays.toString(fields));
    }
    return new Cursor(VectorSchemaRoot.create(SCHEMA, allocator), count);
  }

  /** Fills one reused {@link BigIntVector} with consecutive numbers per batch. */
  private static final class Cursor implements BatchCursor {
    private final VectorSchemaRoot root;
    private final BigIntVector vector;
    private final long count;
    private long next;

    Cursor(VectorSchemaRoot root, long count) {
      this.root = root;
      this.vector = (BigIntVector) root.getVector(0);
      this.count = count;
    }

    @Override
    public VectorSchemaRoot next() {
      if (next >= count) {
        return null;
      }
      int rows = (int) Math.min(ScanData.BATCH_ROWS, count - next);
      if (vector.getValueCapacity() < rows) {
        vector.allocateNew(ScanData.BATCH_ROWS);
      }
      for (int i = 0; i < rows; i++) {
        vector.set(i, next + i);
      }
      next += rows;
      root.setRowCount(rows);
      return root;
    }

    @Override
    public void close() {
      root.close();
    }
  }
}
