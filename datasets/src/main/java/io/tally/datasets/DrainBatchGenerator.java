package io.tally.datasets;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Fills Arrow batches of a drain table: row r holds group {@code i = order(r)} (identity or a
 * {@link SeededPermutation}); for DICT it also builds the dictionary of all key strings.
 */
final class DrainBatchGenerator implements BatchGenerator {
    private final long groups;
    private final DrainGenerator.KeyKind kind;
    private final SeededPermutation order;
    private final DictionaryProvider.MapDictionaryProvider dictionaries =
            new DictionaryProvider.MapDictionaryProvider();
    private final PaddedIds keys = new PaddedIds("key_", 10);
    private final PaddedIds items = new PaddedIds("item_", 10);
    private long position;

    DrainBatchGenerator(
            long groups,
            DrainGenerator.KeyKind kind,
            SeededPermutation order,
            BufferAllocator allocator) {
        this.groups = groups;
        this.kind = kind;
        this.order = order;
        if (kind == DrainGenerator.KeyKind.DICT) {
            dictionaries.put(buildDictionary(allocator));
        }
    }

    private Dictionary buildDictionary(BufferAllocator allocator) {
        int size = Math.toIntExact(groups);
        VarCharVector values =
                new VarCharVector(
                        new Field(
                                "k_dictionary",
                                FieldType.notNullable(ArrowType.Utf8.INSTANCE),
                                null),
                        allocator);
        try {
            values.allocateNew((long) size * keys.toString(size).length(), size);
            for (int i = 0; i < size; i++) {
                keys.set(values, i, i);
            }
            values.setValueCount(size);
            ArrowType.Int indexType = new ArrowType.Int(32, true);
            return new Dictionary(
                    values, new DictionaryEncoding(DrainGenerator.DICT_ID, false, indexType));
        } catch (RuntimeException e) {
            values.close();
            throw e;
        }
    }

    @Override
    public DictionaryProvider dictionaries() {
        return dictionaries;
    }

    @Override
    public boolean fill(VectorSchemaRoot root) {
        int count = (int) Math.min(BATCH_ROWS, groups - position);
        if (count <= 0) {
            return false;
        }
        FieldVector key = root.getVector("k");
        Float8Vector value = (Float8Vector) root.getVector("v");
        for (int r = 0; r < count; r++) {
            long i = order == null ? position + r : order.apply(position + r);
            setKey(key, r, i);
            value.setSafe(r, (double) (i % DrainGenerator.V_MODULUS));
        }
        root.setRowCount(count);
        position += count;
        return true;
    }

    private void setKey(FieldVector vector, int r, long i) {
        switch (kind) {
            case INT64 -> ((BigIntVector) vector).setSafe(r, i);
            case UTF8 -> keys.set((VarCharVector) vector, r, i);
            case DICT -> ((IntVector) vector).setSafe(r, (int) i);
            case LISTSTR -> {
                ListVector list = (ListVector) vector;
                VarCharVector strings = (VarCharVector) list.getDataVector();
                int offset = list.startNewValue(r);
                long first = Math.multiplyExact(i, DrainGenerator.LIST_ITEMS);
                for (int j = 0; j < DrainGenerator.LIST_ITEMS; j++) {
                    items.set(strings, offset + j, first + j);
                }
                list.endValue(r, DrainGenerator.LIST_ITEMS);
            }
            default -> throw new AssertionError(kind);
        }
    }

    @Override
    public void close() {
        dictionaries.close();
    }
}
