package io.tally.batch;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.arrow.memory.ArrowBuf;

/**
 * 128-bit two's-complement arithmetic on (low, high) word pairs, the layout of an Arrow Decimal128
 * value and of the wide DECIMAL columns of the expression kernels. Results go to {@code lo[i]},
 * {@code hi[i]} of caller-owned arrays; each operation that can overflow returns whether it did
 * (the result words are then meaningless).
 */
public final class Int128 {
    /** Most decimal digits a DECIMAL holds in 128 bits (10^38 < 2^127). */
    public static final int MAX_DIGITS = 38;

    private static final BigInteger LOW_64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** {@code 10^k} as (low, high) words, k = 0 .. 38. */
    private static final long[] POWER_LO = new long[MAX_DIGITS + 1];

    private static final long[] POWER_HI = new long[MAX_DIGITS + 1];

    static {
        BigInteger p = BigInteger.ONE;
        for (int k = 0; k <= MAX_DIGITS; k++) {
            POWER_LO[k] = p.longValue();
            POWER_HI[k] = p.shiftRight(Long.SIZE).longValue();
            p = p.multiply(BigInteger.TEN);
        }
    }

    private Int128() {}

    /** Adds {@code (lo, hi)} to the value at {@code at}; throws ArithmeticException on overflow. */
    public static void addTo(ArrowBuf buf, long at, long lo, long hi) {
        long aLo = buf.getLong(at);
        long aHi = buf.getLong(at + 8);
        long sumLo = aLo + lo;
        long carry = Long.compareUnsigned(sumLo, aLo) < 0 ? 1 : 0;
        long sumHi = aHi + hi + carry;
        if (((aHi ^ sumHi) & (hi ^ sumHi)) < 0) {
            throw new ArithmeticException("128-bit overflow");
        }
        buf.setLong(at, sumLo);
        buf.setLong(at + 8, sumHi);
    }

    /** Signed comparison of {@code (aLo, aHi)} with {@code (bLo, bHi)}. */
    public static int compare(long aLo, long aHi, long bLo, long bHi) {
        int c = Long.compare(aHi, bHi);
        return c != 0 ? c : Long.compareUnsigned(aLo, bLo);
    }

    /** {@code a + b} into slot {@code i}; whether it overflowed 128 bits. */
    public static boolean add(long aLo, long aHi, long bLo, long bHi, long[] lo, long[] hi, int i) {
        long sumLo = aLo + bLo;
        long sumHi = aHi + bHi + (Long.compareUnsigned(sumLo, aLo) < 0 ? 1 : 0);
        lo[i] = sumLo;
        hi[i] = sumHi;
        return ((aHi ^ sumHi) & (bHi ^ sumHi)) < 0;
    }

    /** {@code -a} into slot {@code i}; whether it overflowed (only for -2^127). */
    public static boolean negate(long aLo, long aHi, long[] lo, long[] hi, int i) {
        long nLo = -aLo;
        long nHi = ~aHi + (aLo == 0 ? 1 : 0);
        lo[i] = nLo;
        hi[i] = nHi;
        return aHi == Long.MIN_VALUE && aLo == 0;
    }

    /**
     * {@code a * b} into slot {@code i}; whether the product leaves the signed 128-bit range (a
     * product of magnitude 2^127 counts as leaving it).
     */
    public static boolean multiply(
            long aLo, long aHi, long bLo, long bHi, long[] lo, long[] hi, int i) {
        if ((aLo == 0 && aHi == 0) || (bLo == 0 && bHi == 0)) {
            lo[i] = 0;
            hi[i] = 0;
            return false;
        }
        boolean negative = (aHi ^ bHi) < 0;
        if (aHi < 0) {
            aHi = ~aHi + (aLo == 0 ? 1 : 0);
            aLo = -aLo;
        }
        if (bHi < 0) {
            bHi = ~bHi + (bLo == 0 ? 1 : 0);
            bLo = -bLo;
        }
        if (aHi < 0 || bHi < 0 || (aHi != 0 && bHi != 0)) {
            return true; // a magnitude of 2^127, or both at least 2^64: at least 2^128
        }
        long pLo = aLo * bLo;
        long pHi = unsignedMultiplyHigh(aLo, bLo);
        long big = aHi != 0 ? aHi : bHi;
        long small = aHi != 0 ? bLo : aLo;
        if (big != 0) {
            long cross = big * small;
            if (unsignedMultiplyHigh(big, small) != 0 || cross < 0) {
                return true;
            }
            long sum = pHi + cross;
            if (Long.compareUnsigned(sum, pHi) < 0) {
                return true;
            }
            pHi = sum;
        }
        if (pHi < 0) {
            return true;
        }
        lo[i] = pLo;
        hi[i] = pHi;
        return negative && negate(pLo, pHi, lo, hi, i);
    }

    /** The high 64 bits of the unsigned 128-bit product of {@code x} and {@code y}. */
    public static long unsignedMultiplyHigh(long x, long y) {
        return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    }

    /** Low word of {@code 10^digits}, {@code digits} in 0 .. {@link #MAX_DIGITS}. */
    public static long powerLo(int digits) {
        return POWER_LO[digits];
    }

    /** High word of {@code 10^digits}, {@code digits} in 0 .. {@link #MAX_DIGITS}. */
    public static long powerHi(int digits) {
        return POWER_HI[digits];
    }

    /** Whether {@code |value| >= 10^digits}, so the value has more than {@code digits} digits. */
    public static boolean exceedsDigits(long lo, long hi, int digits) {
        long pLo = POWER_LO[digits];
        long pHi = POWER_HI[digits];
        if (hi >= 0) {
            return compare(lo, hi, pLo, pHi) >= 0;
        }
        // -value >= 10^digits  <=>  value <= -10^digits
        long nLo = -pLo;
        long nHi = ~pHi + (pLo == 0 ? 1 : 0);
        return compare(lo, hi, nLo, nHi) <= 0;
    }

    /** The value of {@code (lo, hi)}. */
    public static BigInteger toBigInteger(long lo, long hi) {
        return BigInteger.valueOf(hi).shiftLeft(Long.SIZE).or(BigInteger.valueOf(lo).and(LOW_64));
    }

    /** The value as a double, given its decimal scale. */
    public static double toDouble(long lo, long hi, int scale) {
        if (hi == (lo >> 63) && scale == 0) {
            return lo;
        }
        return new BigDecimal(toBigInteger(lo, hi), scale).doubleValue();
    }
}
