package io.tally.exec.expr;

import io.tally.batch.DataType;
import java.nio.charset.StandardCharsets;

/**
 * Conversions the planner allows: integer to integer (wrapping to a narrower width, as Java's
 * casts), integer, DECIMAL or floating point to REAL/DOUBLE (DECIMAL as {@code
 * BigDecimal.doubleValue()}), integer or DECIMAL to a DECIMAL with room for every value (a
 * multiplication by a power of ten, in 128 bits for a target wider than 18 digits), string to
 * string, integer to its decimal digits as a string, and string to integer ({@link
 * StringToInteger}). NULL stays NULL.
 */
final class CastKernel extends Kernel {
    /** Most bytes a BIGINT takes as decimal digits: a sign and 19 digits. */
    private static final int MAX_LONG_DIGITS = 20;

    private final Kernel arg;
    private final Column out = new Column();

    CastKernel(DataType type, Kernel arg) {
        super(type);
        this.arg = arg;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        Column a = arg.eval(frame, active);
        out.copyNulls(a, n);
        if (isString(type)) {
            if (isString(arg.type)) {
                copyStrings(a, n);
            } else {
                digits(a.longs, n);
            }
        } else if (isDouble(type)) {
            double[] r = out.doubles(n);
            if (isDouble(arg.type)) {
                System.arraycopy(a.doubles, 0, r, 0, n);
            } else if (isWide(arg.type)) {
                long[] x = a.longs;
                long[] h = a.highs;
                int scale = arg.type.scale();
                for (int i = 0; i < n; i++) {
                    r[i] = Decimals.toDouble(x[i], h[i], scale);
                }
            } else if (isDecimal(arg.type)) {
                long[] x = a.longs;
                int scale = arg.type.scale();
                for (int i = 0; i < n; i++) {
                    r[i] = Decimals.toDouble(x[i], scale);
                }
            } else {
                long[] x = a.longs;
                for (int i = 0; i < n; i++) {
                    r[i] = x[i];
                }
            }
            Narrow.round(type, r, n);
        } else if (isString(arg.type)) {
            parse(a, n, active);
        } else if (isWide(type)) {
            widen(a, n);
        } else if (isDecimal(type)) {
            long factor = Decimals.power(type.scale() - arg.type.scale());
            long[] x = a.longs;
            long[] r = out.longs(n);
            for (int i = 0; i < n; i++) {
                r[i] = x[i] * factor;
            }
        } else {
            System.arraycopy(a.longs, 0, out.longs(n), 0, n);
            Narrow.wrap(type, out.longs, n);
        }
        return out;
    }

    /**
     * An integer or DECIMAL to a DECIMAL wider than 18 digits with room for every value: the
     * 128-bit unscaled value times {@code 10^(scale difference)}, which cannot overflow.
     */
    private void widen(Column a, int n) {
        Decimals.widen(a, isWide(arg.type), type.scale() - arg.type.scale(), out, n, null);
    }

    /** Strings to an integer type: each active non-NULL row parsed ({@link StringToInteger}). */
    private void parse(Column a, int n, boolean[] active) {
        long[] r = out.longs(n);
        for (int i = 0; i < n; i++) {
            if (isActive(active, i) && !a.isNull(i)) {
                r[i] = StringToInteger.parse(type.type(), a.bytes, a.offsets[i], a.offsets[i + 1]);
            }
        }
    }

    private void copyStrings(Column a, int n) {
        int total = a.offsets[n];
        System.arraycopy(a.bytes, 0, out.bytes(total), 0, total);
        System.arraycopy(a.offsets, 0, out.offsets(n), 0, n + 1);
    }

    private void digits(long[] x, int n) {
        int[] offsets = out.offsets(n);
        byte[] bytes = out.bytes(n * MAX_LONG_DIGITS);
        int at = 0;
        for (int i = 0; i < n; i++) {
            offsets[i] = at;
            at = writeDigits(x[i], bytes, at);
        }
        offsets[n] = at;
    }

    /** Writes {@code Long.toString(v)} as ASCII at {@code at}; returns the end position. */
    static int writeDigits(long v, byte[] bytes, int at) {
        if (v == Long.MIN_VALUE) {
            byte[] min = Long.toString(v).getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(min, 0, bytes, at, min.length);
            return at + min.length;
        }
        if (v < 0) {
            bytes[at++] = '-';
            v = -v;
        }
        int len = 1;
        for (long t = v; t >= 10; t /= 10) {
            len++;
        }
        for (int k = at + len - 1; k >= at; k--) {
            bytes[k] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return at + len;
    }
}
