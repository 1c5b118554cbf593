package io.tally.exec.expr;

import io.tally.batch.DataType;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A constant: its column is filled once for the largest batch seen and reused unchanged. NULL is a
 * column whose every row is NULL.
 */
final class LiteralKernel extends Kernel {
    private final Object value;
    private final byte[] utf8;
    private final Column column = new Column();
    private int filled;

    LiteralKernel(DataType type, Object value) {
        super(type);
        this.value = value;
        this.utf8 =
                value instanceof String ? ((String) value).getBytes(StandardCharsets.UTF_8) : null;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        if (n > filled) {
            fill(n);
            filled = n;
        }
        return column;
    }

    private void fill(int n) {
        if (value == null) {
            Arrays.fill(column.clearNulls(n), 0, n, true);
            column.longs(n);
            column.highs(n);
            column.doubles(n);
            Arrays.fill(column.offsets(n), 0, n + 1, 0);
            return;
        }
        column.noNulls();
        if (utf8 != null) {
            byte[] bytes = column.bytes(Math.multiplyExact(utf8.length, n));
            int[] offsets = column.offsets(n);
            for (int i = 0; i < n; i++) {
                offsets[i] = i * utf8.length;
                System.arraycopy(utf8, 0, bytes, i * utf8.length, utf8.length);
            }
            offsets[n] = n * utf8.length;
        } else if (isDouble(type)) {
            Arrays.fill(column.doubles(n), 0, n, ((Number) value).doubleValue());
        } else if (value instanceof BigInteger big) {
            Arrays.fill(column.longs(n), 0, n, big.longValue());
            Arrays.fill(column.highs(n), 0, n, big.shiftRight(Long.SIZE).longValue());
        } else {
            long v =
                    value instanceof Boolean
                            ? (((Boolean) value) ? 1 : 0)
                            : ((Number) value).longValue();
            Arrays.fill(column.longs(n), 0, n, v);
            if (isWide(type)) {
                Arrays.fill(column.highs(n), 0, n, v >> 63);
            }
        }
    }
}
