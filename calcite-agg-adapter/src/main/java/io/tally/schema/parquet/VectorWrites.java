package io.tally.schema.parquet;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;

/**
 * Writes straight into Arrow buffers for the page decoder, with the capacity checks Arrow's
 * per-value setters would make done once per run. Layouts (Arrow columnar format): validity is one
 * bit per row, LSB first; a variable-width vector holds {@code rows + 1} int offsets ({@code
 * offset[r + 1] - offset[r]} bytes of row {@code r} start at {@code offset[r]} in the data buffer).
 */
final class VectorWrites {
    private VectorWrites() {}

    /** Marks rows {@code [from, from + count)} valid in {@code validity}. */
    static void setValid(ArrowBuf validity, int from, int count) {
        int row = from;
        int end = from + count;
        while (row < end && (row & 7) != 0) {
            setBit(validity, row++);
        }
        if (end - row >= 8) {
            int bytes = (end - row) >>> 3;
            validity.setOne(row >>> 3, bytes);
            row += bytes << 3;
        }
        while (row < end) {
            setBit(validity, row++);
        }
    }

    /** Sets bit {@code index} of {@code buffer}. */
    static void setBit(ArrowBuf buffer, int index) {
        long at = index >>> 3;
        buffer.setByte(at, buffer.getByte(at) | (1 << (index & 7)));
    }

    /** Whether bit {@code index} of {@code buffer} is set. */
    static boolean bit(ArrowBuf buffer, int index) {
        return (buffer.getByte(index >>> 3) & (1 << (index & 7))) != 0;
    }

    /** Byte offset where row {@code row} of {@code vector} starts. */
    static int start(BaseVariableWidthVector vector, int row) {
        return vector.getOffsetBuffer().getInt((long) row * Integer.BYTES);
    }

    /**
     * Makes the data buffer of {@code vector} hold at least {@code bytes} bytes, doubling; returns
     * it.
     */
    static ArrowBuf reserve(BaseVariableWidthVector vector, long bytes) {
        while (vector.getDataBuffer().capacity() < bytes) {
            vector.reallocDataBuffer();
        }
        return vector.getDataBuffer();
    }

    /** Ends row {@code row} of {@code vector} at byte {@code end}. */
    static void end(BaseVariableWidthVector vector, int row, int end) {
        vector.getOffsetBuffer().setInt((long) (row + 1) * Integer.BYTES, end);
    }

    /** Appends {@code src[start, start + length)} as row {@code row} of {@code vector}. */
    static void append(BaseVariableWidthVector vector, int row, byte[] src, int start, int length) {
        int at = start(vector, row);
        reserve(vector, (long) at + length).setBytes(at, src, start, length);
        end(vector, row, at + length);
    }

    /** Makes rows {@code [from, from + count)} of {@code vector} empty (NULL rows' offsets). */
    static void empty(BaseVariableWidthVector vector, int from, int count) {
        int at = start(vector, from);
        for (int r = from; r < from + count; r++) {
            end(vector, r, at);
        }
    }
}
