package io.tally.schema;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
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

    private static final Schema SCHEMA =
            new Schema(
                    List.of(
                            new Field(
                                    COLUMN,
                                    FieldType.notNullable(new ArrowType.Int(64, true)),
                                    null)));

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
        checkFields(fields);
        return new Cursor(VectorSchemaRoot.create(SCHEMA, allocator), 0, count);
    }

    /** Contiguous ranges: split {@code i} of {@code k} holds {@code [i·n/k, (i+1)·n/k)}. */
    @Override
    public List<BatchSplit> splits(int[] fields, int parts) {
        checkFields(fields);
        List<BatchSplit> splits = new ArrayList<>(parts);
        for (int i = 0; i < parts; i++) {
            long from = rangeStart(i, parts);
            long to = rangeStart(i + 1, parts);
            splits.add(
                    allocator -> new Cursor(VectorSchemaRoot.create(SCHEMA, allocator), from, to));
        }
        return splits;
    }

    /** {@code split × n / parts} without overflow ({@code n} may be close to Long.MAX_VALUE). */
    private long rangeStart(int split, int parts) {
        return BigInteger.valueOf(count)
                .multiply(BigInteger.valueOf(split))
                .divide(BigInteger.valueOf(parts))
                .longValueExact();
    }

    private static void checkFields(int[] fields) {
        if (fields.length != 1 || fields[0] != 0) {
            throw new IllegalArgumentException(
                    "numbers(n) has one column; asked for fields " + Arrays.toString(fields));
        }
    }

    /** Fills one reused {@link BigIntVector} with consecutive numbers per batch. */
    private static final class Cursor implements BatchCursor {
        private final VectorSchemaRoot root;
        private final BigIntVector vector;
        private final long end;
        private long next;

        /** Numbers {@code from} .. {@code end - 1}. */
        Cursor(VectorSchemaRoot root, long from, long end) {
            this.root = root;
            this.vector = (BigIntVector) root.getVector(0);
            this.next = from;
            this.end = end;
        }

        @Override
        public VectorSchemaRoot next() {
            if (next >= end) {
                return null;
            }
            int rows = (int) Math.min(ScanData.BATCH_ROWS, end - next);
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
