package io.tally.exec.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.batch.ArrayCodec;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bulk VARCHAR ARRAY block writer against the model lists it was encoded from and against the
 * per-value {@link ArrayCodec#write} path: NULL lists, NULL items, empty lists, empty and long
 * strings, multi-byte UTF-8.
 */
class ArrayBlockWriterTest {
    private static final DataType VARCHAR = DataType.of(ColumnType.VARCHAR);
    private static final int ENTRY_BYTES = 8;

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 7, 1000, 8192})
    void roundTripsRandomLists(int rows) {
        Random random = new Random(rows * 7919L + 1);
        List<List<String>> model = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            model.add(random.nextInt(8) == 0 ? null : randomList(random));
        }
        try (BufferAllocator root = new RootAllocator()) {
            try (Encoded block = encode(model, root);
                    ListVector bulk = newList(root, rows);
                    ListVector perValue = newList(root, rows)) {
                ArrayBlockWriter.write(
                        block.meta, ENTRY_BYTES, block.flags, block.region, rows, bulk);
                bulk.setValueCount(rows);
                for (int i = 0; i < rows; i++) {
                    List<String> v = model.get(i);
                    if (v == null) {
                        perValue.setNull(i);
                    } else {
                        byte[] enc = ArrayCodec.encode(v, VARCHAR);
                        ArrayCodec.write(perValue, VARCHAR, i, enc, 0, enc.length, "test");
                    }
                }
                perValue.setValueCount(rows);
                for (int i = 0; i < rows; i++) {
                    assertEquals(
                            model.get(i), asStrings(bulk.getObject(i)), "row " + i + " vs model");
                    assertEquals(
                            asStrings(perValue.getObject(i)),
                            asStrings(bulk.getObject(i)),
                            "row " + i + " vs ArrayCodec.write");
                    assertEquals(model.get(i) == null, bulk.isNull(i), "row " + i + " null flag");
                }
                assertEquals(
                        perValue.getDataVector().getValueCount(),
                        bulk.getDataVector().getValueCount());
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    private static List<String> randomList(Random random) {
        int n = random.nextInt(6);
        List<String> items = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int kind = random.nextInt(10);
            items.add(
                    kind == 0
                            ? null
                            : kind == 1
                                    ? ""
                                    : kind == 2
                                            ? "x".repeat(5000 + random.nextInt(5000))
                                            : kind == 3
                                                    ? "ünï€😀" + random.nextInt(100)
                                                    : "item_" + random.nextInt(1_000_000));
        }
        return items;
    }

    private static List<String> asStrings(Object value) {
        if (value == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Object o : (List<?>) value) {
            out.add(o == null ? null : o.toString());
        }
        return out;
    }

    private static ListVector newList(BufferAllocator root, int rows) {
        ListVector v = ListVector.empty("k", root);
        v.addOrGetVector(FieldType.nullable(ArrowType.Utf8.INSTANCE));
        v.setInitialCapacity(rows);
        v.allocateNew();
        return v;
    }

    /** A block as {@link VarKeyColumn} holds it: entries, NULL flags and the byte region. */
    private record Encoded(ArrowBuf meta, ArrowBuf flags, ArrowBuf region)
            implements AutoCloseable {
        @Override
        public void close() {
            meta.close();
            flags.close();
            region.close();
        }
    }

    private static Encoded encode(List<List<String>> model, BufferAllocator root) {
        List<byte[]> values = new ArrayList<>();
        long total = 0;
        for (List<String> v : model) {
            byte[] enc = v == null ? new byte[0] : ArrayCodec.encode(v, VARCHAR);
            values.add(enc);
            total += enc.length;
        }
        ArrowBuf meta = root.buffer(Math.max(1, (long) model.size() * ENTRY_BYTES));
        ArrowBuf flags = root.buffer(Math.max(1, model.size()));
        ArrowBuf region = root.buffer(Math.max(1, total + 16));
        long pos = 16; // values do not start at 0, as in a real region
        for (int i = 0; i < model.size(); i++) {
            flags.setByte(i, model.get(i) == null ? 1 : 0);
            byte[] enc = values.get(i);
            meta.setInt((long) i * ENTRY_BYTES, (int) pos);
            meta.setInt((long) i * ENTRY_BYTES + 4, enc.length);
            region.setBytes(pos, enc);
            pos += enc.length;
        }
        return new Encoded(meta, flags, region);
    }
}
