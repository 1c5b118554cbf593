package io.tally.exec.spill;

import io.tally.spill.BinaryStateCodec;
import io.tally.spill.SpillOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The layout of main spill files: {@code columns} writes the typed partial batch as it is; {@code
 * binary} (the baseline) keeps the key columns and packs each call's state columns into one
 * non-null VarBinary column {@code <call>$state} via {@link BinaryStateCodec}.
 */
public final class SpillFileFormat {
    private final SpillOptions.Format format;
    private final Schema partial;
    private final Schema file;
    private final int keyCount;

    /** Per binary column: the [from, to) range of typed state columns it packs. */
    private final List<int[]> ranges = new ArrayList<>();

    private final BinaryStateCodec codec = new BinaryStateCodec();

    public SpillFileFormat(
            SpillOptions.Format format,
            Schema partial,
            int keyCount,
            List<List<Field>> callStates) {
        this.format = format;
        this.partial = partial;
        this.keyCount = keyCount;
        if (format == SpillOptions.Format.COLUMNS) {
            this.file = partial;
            return;
        }
        List<Field> fields = new ArrayList<>(partial.getFields().subList(0, keyCount));
        int at = keyCount;
        for (List<Field> states : callStates) {
            if (!states.isEmpty()) {
                String name = states.get(0).getName();
                name = name.substring(0, Math.max(0, name.lastIndexOf('$'))) + "$state";
                fields.add(new Field(name, FieldType.notNullable(ArrowType.Binary.INSTANCE), null));
                ranges.add(new int[] {at, at + states.size()});
                at += states.size();
            }
        }
        this.file = new Schema(fields);
    }

    public Schema fileSchema() {
        return file;
    }

    /** Bytes of state (non-key) buffers in a batch of the file layout, before compression. */
    public long stateBytes(VectorSchemaRoot root) {
        long bytes = 0;
        List<FieldVector> vs = root.getFieldVectors();
        for (int c = keyCount; c < vs.size(); c++) {
            bytes += vs.get(c).getBufferSize();
        }
        return bytes;
    }

    /**
     * {@code typed} in the file layout: itself for columns, a new batch for binary (typed stays
     * open).
     */
    public VectorSchemaRoot toFile(VectorSchemaRoot typed, BufferAllocator allocator) {
        if (format == SpillOptions.Format.COLUMNS) {
            return typed;
        }
        int rows = typed.getRowCount();
        VectorSchemaRoot out = VectorSchemaRoot.create(file, allocator);
        try {
            for (int k = 0; k < keyCount; k++) {
                typed.getVector(k).makeTransferPair(out.getVector(k)).transfer();
            }
            for (int b = 0; b < ranges.size(); b++) {
                int[] r = ranges.get(b);
                codec.encode(
                        typed.getFieldVectors().subList(r[0], r[1]),
                        rows,
                        (VarBinaryVector) out.getVector(keyCount + b));
            }
            out.setRowCount(rows);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** A file batch in the typed partial layout: itself for columns, a new batch for binary. */
    public VectorSchemaRoot fromFile(VectorSchemaRoot stored, BufferAllocator allocator) {
        if (format == SpillOptions.Format.COLUMNS) {
            return stored;
        }
        int rows = stored.getRowCount();
        VectorSchemaRoot out = VectorSchemaRoot.create(partial, allocator);
        try {
            for (int k = 0; k < keyCount; k++) {
                stored.getVector(k).makeTransferPair(out.getVector(k)).transfer();
            }
            for (int b = 0; b < ranges.size(); b++) {
                int[] r = ranges.get(b);
                codec.decode(
                        (VarBinaryVector) stored.getVector(keyCount + b),
                        rows,
                        out.getFieldVectors().subList(r[0], r[1]));
            }
            out.setRowCount(rows);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }
}
