package io.tally.exec.expr;

import io.tally.batch.DataType;
import io.tally.batch.Int128;
import java.math.BigDecimal;

/**
 * Arithmetic on DECIMAL values held as scaled longs (the unscaled value at the type's scale, so
 * 1.50 in DECIMAL(5, 2) is 150): powers of ten, overflow-checked rescaling, exact conversion to
 * double, and the error a value beyond a long's range raises.
 */
final class Decimals {
    /** Largest power of ten a long holds, 10^18. */
    static final int MAX_POWER = 18;

    private static final long[] POWERS = new long[MAX_POWER + 1];

    /** Largest magnitude a double holds exactly as an integer, 2^53. */
    private static final long EXACT_DOUBLE = 1L << 53;

    static {
        POWERS[0] = 1;
        for (int i = 1; i <= MAX_POWER; i++) {
            POWERS[i] = POWERS[i - 1] * 10;
        }
    }

    private Decimals() {}

    /** {@code 10^digits}; {@code digits} is at most {@link #MAX_POWER}. */
    static long power(int digits) {
        if (digits < 0 || digits > MAX_POWER) {
            throw new IllegalArgumentException("no long power of ten with " + digits + " digits");
        }
        return POWERS[digits];
    }

    /** Whether {@code x * factor} overflows a long. */
    static boolean overflows(long x, long factor) {
        return Math.multiplyHigh(x, factor) != ((x * factor) >> 63);
    }

    /**
     * The double nearest to {@code unscaled / 10^scale}, as {@code BigDecimal.doubleValue()}: one
     * correctly rounded division when both are exact doubles, else through BigDecimal.
     */
    static double toDouble(long unscaled, int scale) {
        if (scale == 0) {
            return unscaled; // long to double rounds to nearest, as BigDecimal does
        }
        if (Math.abs(unscaled) <= EXACT_DOUBLE && unscaled != Long.MIN_VALUE) {
            return (double) unscaled / (double) POWERS[scale];
        }
        return BigDecimal.valueOf(unscaled, scale).doubleValue();
    }

    /** {@link #toDouble(long, int)} for a 128-bit unscaled value {@code (lo, hi)}. */
    static double toDouble(long lo, long hi, int scale) {
        return hi == (lo >> 63) ? toDouble(lo, scale) : Int128.toDouble(lo, hi, scale);
    }

    /**
     * Writes the first {@code n} values of {@code c} times {@code 10^shift} into {@code to} as
     * 128-bit values; {@code wide} says whether {@code c} holds high words (else each value is a
     * long, sign-extended). Rows whose product leaves 128 bits are flagged in {@code overflow}
     * (ORed in) when it is not null.
     */
    static void widen(Column c, boolean wide, int shift, Column to, int n, boolean[] overflow) {
        long[] v = c.longs;
        long[] lo = to.longs(n);
        long[] hi = to.highs(n);
        if (!wide && shift <= MAX_POWER) {
            long f = POWERS[shift];
            for (int i = 0; i < n; i++) {
                lo[i] = v[i] * f; // |v| <= 2^63 and f <= 10^18: the product fits 127 bits
                hi[i] = Math.multiplyHigh(v[i], f);
            }
            return;
        }
        long[] h = wide ? c.highs : null;
        long pLo = Int128.powerLo(shift);
        long pHi = Int128.powerHi(shift);
        for (int i = 0; i < n; i++) {
            boolean o = Int128.multiply(v[i], h == null ? v[i] >> 63 : h[i], pLo, pHi, lo, hi, i);
            if (overflow != null) {
                overflow[i] |= o;
            }
        }
    }

    /** The error for a DECIMAL result with more digits than its type holds. */
    static NumericOverflowException outOfRange(String what, DataType type) {
        return DecimalRange.outOfRange(what, type.precision(), type.scale());
    }

    /**
     * The error for a DECIMAL result beyond its type (more than 18 digits, so at or beyond the 19
     * digits Calcite's DECIMAL types hold), worded as Calcite's checked CAST words it.
     */
    static NumericOverflowException outOfRange(BigDecimal value, DataType type) {
        return new NumericOverflowException(
                "Value "
                        + value.toPlainString()
                        + " cannot be represented as a DECIMAL("
                        + type.precision()
                        + ", "
                        + type.scale()
                        + ")");
    }
}
