package io.tally.batch;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * One batch's dictionary codes for one VARCHAR column: row {@code i}'s value is entry {@code
 * code(i)} of a {@link Dictionary} that every batch of the column shares, so equal codes mean equal
 * strings across batches of that column (and only there: two dictionaries' codes never compare).
 * The column's vector keeps its bytes; the codes are an extra view of it for consumers that can use
 * them (grouping by code instead of hashing bytes). A NULL row's code is unspecified.
 *
 * <p>Layout: {@code width} bytes per row (1, 2 or 4, the least that holds the dictionary's largest
 * code, unsigned), little-endian, row {@code i} at {@code i * width}. The buffer belongs to whoever
 * built the codes (the table cache); this object only reads it.
 */
public final class ColumnCodes {
    private final ArrowBuf buffer;
    private final int width;
    private final Dictionary dictionary;

    public ColumnCodes(ArrowBuf buffer, Dictionary dictionary) {
        this.width = widthFor(dictionary.size());
        this.buffer = buffer;
        this.dictionary = dictionary;
    }

    /** Bytes per code for a dictionary of {@code size} entries: 1, 2 or 4. */
    public static int widthFor(int size) {
        return size <= 1 << 8 ? 1 : size <= 1 << 16 ? 2 : 4;
    }

    public Dictionary dictionary() {
        return dictionary;
    }

    public ArrowBuf buffer() {
        return buffer;
    }

    /**
     * Copies the codes of rows {@code from .. from+n-1} into {@code out[0..n-1]}; fails if the
     * buffer does not hold them.
     */
    public void read(int from, int n, int[] out) {
        if ((long) (from + n) * width > buffer.capacity()) {
            throw new TallyException("dictionary codes cover fewer than " + (from + n) + " rows");
        }
        long base = buffer.memoryAddress() + (long) from * width;
        switch (width) {
            case 1:
                for (int i = 0; i < n; i++) {
                    out[i] = MemoryUtil.getByte(base + i) & 0xFF;
                }
                break;
            case 2:
                for (int i = 0; i < n; i++) {
                    out[i] = MemoryUtil.getShort(base + 2L * i) & 0xFFFF;
                }
                break;
            default:
                for (int i = 0; i < n; i++) {
                    out[i] = MemoryUtil.getInt(base + 4L * i);
                }
                break;
        }
    }

    /**
     * The identity of one column's set of distinct values: codes are {@code 0 .. size-1}. Two
     * dictionaries are the same only if they are the same object.
     */
    public static final class Dictionary {
        private final int size;

        public Dictionary(int size) {
            this.size = size;
        }

        /** Number of distinct values (codes run from 0 to size - 1). */
        public int size() {
            return size;
        }

        @Override
        public String toString() {
            return "dictionary of " + size + " values";
        }
    }
}
