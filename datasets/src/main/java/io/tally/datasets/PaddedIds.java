package io.tally.datasets;

import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.VarCharVector;

/**
 * Writes identifiers of the form {@code prefix + zero-padded decimal} (the C format {@code
 * "%s%0<width>d"}) straight into a {@link VarCharVector} without creating Strings.
 *
 * <p>A value wider than the pad width is written in full, as {@code sprintf} does.
 */
final class PaddedIds {
    /** Digits in the largest long. */
    private static final int MAX_DIGITS = 19;

    private final byte[] buffer;
    private final int prefixLength;
    private final int width;

    PaddedIds(String prefix, int width) {
        byte[] prefixBytes = prefix.getBytes(StandardCharsets.US_ASCII);
        this.prefixLength = prefixBytes.length;
        this.width = width;
        this.buffer = new byte[prefixLength + Math.max(width, MAX_DIGITS)];
        System.arraycopy(prefixBytes, 0, buffer, 0, prefixLength);
    }

    /** Sets {@code vector[index]} to the identifier of the non-negative {@code value}. */
    void set(VarCharVector vector, int index, long value) {
        vector.setSafe(index, buffer, 0, format(value));
    }

    /** The identifier as a String (for tests and dictionaries). */
    String toString(long value) {
        return new String(buffer, 0, format(value), StandardCharsets.US_ASCII);
    }

    /** Formats into the buffer after the prefix and returns the total length. */
    private int format(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("identifier value must be non-negative: " + value);
        }
        int digits = 1;
        for (long rest = value; rest >= 10; rest /= 10) {
            digits++;
        }
        int length = Math.max(digits, width);
        int end = prefixLength + length;
        long rest = value;
        for (int pos = end - 1; pos >= prefixLength; pos--) {
            buffer[pos] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
        return end;
    }
}
