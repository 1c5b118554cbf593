package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.batch.Int128;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Int128} against BigInteger on random and edge values of every magnitude. */
class Int128Test {
    private static final BigInteger MIN = BigInteger.ONE.shiftLeft(127).negate();
    private static final BigInteger MAX = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);

    @Test
    void arithmeticAgreesWithBigInteger() {
        List<BigInteger> values = values(new Random(128));
        long[] lo = new long[1];
        long[] hi = new long[1];
        for (BigInteger a : values) {
            assertEquals(
                    fits(a.negate()) ? a.negate() : null,
                    Int128.negate(a.longValue(), high(a), lo, hi, 0) ? null : value(lo, hi),
                    "-" + a);
            for (int digits = 0; digits <= Int128.MAX_DIGITS; digits += 7) {
                assertEquals(
                        a.abs().compareTo(BigInteger.TEN.pow(digits)) >= 0,
                        Int128.exceedsDigits(a.longValue(), high(a), digits),
                        a + " digits " + digits);
            }
            for (BigInteger b : values) {
                BigInteger sum = a.add(b);
                assertEquals(
                        fits(sum) ? sum : null,
                        Int128.add(a.longValue(), high(a), b.longValue(), high(b), lo, hi, 0)
                                ? null
                                : value(lo, hi),
                        a + " + " + b);
                BigInteger product = a.multiply(b);
                boolean overflow =
                        Int128.multiply(a.longValue(), high(a), b.longValue(), high(b), lo, hi, 0);
                if (!overflow) {
                    assertEquals(product, value(lo, hi), a + " * " + b);
                } else {
                    // reported overflow: the product must leave the range (2^127 itself is refused
                    // too)
                    assertEquals(true, product.abs().compareTo(MAX) >= 0, a + " * " + b);
                }
                assertEquals(
                        Integer.signum(a.compareTo(b)),
                        Integer.signum(
                                Int128.compare(a.longValue(), high(a), b.longValue(), high(b))),
                        a + " <=> " + b);
            }
        }
    }

    @Test
    void powersOfTen() {
        for (int k = 0; k <= Int128.MAX_DIGITS; k++) {
            assertEquals(
                    BigInteger.TEN.pow(k),
                    Int128.toBigInteger(Int128.powerLo(k), Int128.powerHi(k)));
        }
    }

    private static List<BigInteger> values(Random random) {
        List<BigInteger> values =
                new ArrayList<>(
                        List.of(
                                BigInteger.ZERO,
                                BigInteger.ONE,
                                BigInteger.ONE.negate(),
                                MIN,
                                MAX,
                                BigInteger.valueOf(Long.MIN_VALUE),
                                BigInteger.valueOf(Long.MAX_VALUE),
                                BigInteger.ONE.shiftLeft(64),
                                BigInteger.ONE.shiftLeft(64).negate(),
                                BigInteger.TEN.pow(38).subtract(BigInteger.ONE),
                                BigInteger.TEN.pow(38).negate().add(BigInteger.ONE),
                                BigInteger.TEN.pow(19)));
        for (int i = 0; i < 60; i++) {
            BigInteger v = new BigInteger(1 + random.nextInt(126), random);
            values.add(random.nextBoolean() ? v.negate() : v);
        }
        return values;
    }

    private static boolean fits(BigInteger v) {
        return v.compareTo(MIN) >= 0 && v.compareTo(MAX) <= 0;
    }

    private static long high(BigInteger v) {
        return v.shiftRight(Long.SIZE).longValue();
    }

    private static BigInteger value(long[] lo, long[] hi) {
        return Int128.toBigInteger(lo[0], hi[0]);
    }
}
