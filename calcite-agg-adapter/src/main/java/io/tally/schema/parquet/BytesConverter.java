package io.tally.schema.parquet;

import java.nio.ByteBuffer;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * Receives the strings (or binary values) of one Parquet column from parquet-column's reader and
 * writes them into a variable-width vector. A dictionary is decoded to byte arrays once, when the
 * reader meets the chunk's dictionary page, so each dictionary-encoded value is one copy of bytes
 * instead of a {@link Binary} and a buffer wrapper per value.
 */
final class BytesConverter extends PrimitiveConverter {
    private BaseVariableWidthVector vector;
    private int row;
    private byte[][] dictionary;

    /** Where the next value goes. */
    void target(BaseVariableWidthVector vector, int row) {
        this.vector = vector;
        this.row = row;
    }

    @Override
    public boolean hasDictionarySupport() {
        return true;
    }

    @Override
    public void setDictionary(Dictionary d) {
        dictionary = new byte[d.getMaxId() + 1][];
        for (int id = 0; id <= d.getMaxId(); id++) {
            dictionary[id] = d.decodeToBinary(id).getBytes();
        }
    }

    @Override
    public void addValueFromDictionary(int id) {
        byte[] bytes = dictionary[id];
        vector.setSafe(row, bytes, 0, bytes.length);
    }

    @Override
    public void addBinary(Binary value) {
        ByteBuffer bytes = value.toByteBuffer();
        vector.setSafe(row, bytes, bytes.position(), bytes.remaining());
    }
}
