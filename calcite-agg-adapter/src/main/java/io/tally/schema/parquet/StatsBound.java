package io.tally.schema.parquet;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;

/**
 * A filter's bound (a normalized value of {@code io.tally.schema.ScanFilter}) as a Parquet column's
 * physical value, so that it compares with the column's footer statistics under the column's own
 * order ({@code Statistics.comparator()}: signed or unsigned integers, signed big-endian decimals,
 * unsigned bytes for strings).
 *
 * <p>Where a Tally value stands for several physical values (a microsecond timestamp read as
 * milliseconds, a float compared with a decimal literal) or the literal does not fit the column
 * exactly, the bound is widened outwards and marked inexact, so that a comparison with it can only
 * keep more row groups, never fewer. A bound that cannot be expressed is {@code null}: that side of
 * the range is not checked.
 *
 * @param value the physical value (Integer, Long, Float, Double, Boolean or Binary)
 * @param exact whether the physical value stands for exactly the bound, so a strict bound ({@code
 *     <}) may stay strict
 */
record StatsBound(Comparable<?> value, boolean exact) {
    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal UINT32_MAX = BigDecimal.valueOf(0xFFFF_FFFFL);

    /** First code unit at which Java's UTF-16 order and UTF-8 byte order can disagree. */
    private static final char SURROGATES = '\uD800';

    private static final long MICROS = 1_000L;
    private static final long NANOS = 1_000_000L;

    /**
     * {@code value} as a bound of {@code column}'s physical values: the lowest physical value that
     * may stand for it if {@code lower}, else the highest. {@code point}: the bound is one side of
     * an equality (a string bound needs no care for the order of surrogates then).
     */
    static StatsBound of(ParquetColumn column, Comparable<?> value, boolean lower, boolean point) {
        switch (column.kind()) {
            case BOOLEAN:
                return new StatsBound(value, true);
            case INT8:
            case INT16:
            case INT32:
            case UINT32:
                // unsigned 8, 16 and 32-bit columns compare their INT32 bits as unsigned
                return unsigned(column)
                        ? intBound(integral((BigDecimal) value, lower), BigDecimal.ZERO, UINT32_MAX)
                        : intBound(integral((BigDecimal) value, lower), INT_MIN, INT_MAX);
            case INT64:
                return longBound(integral((BigDecimal) value, lower), LONG_MIN, LONG_MAX);
            case UINT64:
                // Tally reads the raw bits as a signed BIGINT; the caller checks that the row
                // group's values are all below 2^63, where signed and unsigned orders agree
                return longBound(integral((BigDecimal) value, lower), BigDecimal.ZERO, LONG_MAX);
            case DATE:
            case TIME_MILLIS:
                return new StatsBound(value, true);
            case TIME_MICROS:
                return scaled(((Integer) value).longValue(), MICROS, lower);
            case TIME_NANOS:
                return scaled(((Integer) value).longValue(), NANOS, lower);
            case TIMESTAMP_MILLIS:
                return new StatsBound(value, true);
            case TIMESTAMP_MICROS:
                return scaled((Long) value, MICROS, lower);
            case TIMESTAMP_NANOS:
                return scaled((Long) value, NANOS, lower);
            case FLOAT:
                return floatBound((BigDecimal) value, lower);
            case DOUBLE:
                return doubleBound((BigDecimal) value, lower);
            case DECIMAL_INT32:
            case DECIMAL_INT64:
            case DECIMAL_BYTES:
                return decimalBound(column, (BigDecimal) value, lower);
            case STRING:
                return stringBound((String) value, point);
            case BINARY:
                return point ? new StatsBound(binary(((ByteString) value).getBytes()), true) : null;
            default:
                return null;
        }
    }

    private static boolean unsigned(ParquetColumn column) {
        return column.leaf().getPrimitiveType().getLogicalTypeAnnotation()
                        instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i
                && !i.isSigned();
    }

    /** {@code value} rounded inwards to an integer: up for a lower bound, down for an upper. */
    private static StatsBound integral(BigDecimal value, boolean lower) {
        BigDecimal rounded = value.setScale(0, lower ? RoundingMode.CEILING : RoundingMode.FLOOR);
        return new StatsBound(rounded, rounded.compareTo(value) == 0);
    }

    private static StatsBound intBound(StatsBound b, BigDecimal min, BigDecimal max) {
        BigDecimal v = clamp((BigDecimal) b.value, min, max);
        return v == null ? null : new StatsBound((int) v.longValue(), b.exact);
    }

    private static StatsBound longBound(StatsBound b, BigDecimal min, BigDecimal max) {
        BigDecimal v = clamp((BigDecimal) b.value, min, max);
        return v == null ? null : new StatsBound(v.longValue(), b.exact);
    }

    /** {@code v} if within {@code [min, max]}, else null (no physical value stands for it). */
    private static BigDecimal clamp(BigDecimal v, BigDecimal min, BigDecimal max) {
        return v.compareTo(min) < 0 || v.compareTo(max) > 0 ? null : v;
    }

    /**
     * A Tally value in milliseconds as a bound of physical values in a finer unit ({@code factor}
     * per millisecond): Tally floors each physical value to milliseconds, so the value {@code v}
     * stands for {@code [v * factor, v * factor + factor - 1]}.
     */
    private static StatsBound scaled(long millis, long factor, boolean lower) {
        try {
            long first = Math.multiplyExact(millis, factor);
            return new StatsBound(lower ? first : Math.addExact(first, factor - 1), false);
        } catch (ArithmeticException e) {
            return null;
        }
    }

    private static StatsBound floatBound(BigDecimal value, boolean lower) {
        float f = value.floatValue();
        if (Float.isInfinite(f)) {
            return null;
        }
        // a REAL column may be compared in REAL or in DOUBLE: widen by one step of either
        return new StatsBound(lower ? Math.nextDown(f) : Math.nextUp(f), false);
    }

    private static StatsBound doubleBound(BigDecimal value, boolean lower) {
        double d = value.doubleValue();
        if (Double.isInfinite(d)) {
            return null;
        }
        if (new BigDecimal(d).compareTo(value) == 0) {
            return new StatsBound(d, true);
        }
        return new StatsBound(lower ? Math.nextDown(d) : Math.nextUp(d), false);
    }

    private static StatsBound decimalBound(ParquetColumn column, BigDecimal value, boolean lower) {
        int scale = ((ArrowType.Decimal) column.field().getType()).getScale();
        BigDecimal rounded =
                value.setScale(scale, lower ? RoundingMode.CEILING : RoundingMode.FLOOR);
        boolean exact = rounded.compareTo(value) == 0;
        BigInteger unscaled = rounded.unscaledValue();
        switch (column.kind()) {
            case DECIMAL_INT32:
                return intBound(new StatsBound(new BigDecimal(unscaled), exact), INT_MIN, INT_MAX);
            case DECIMAL_INT64:
                return longBound(
                        new StatsBound(new BigDecimal(unscaled), exact), LONG_MIN, LONG_MAX);
            default:
                Binary bytes = twosComplement(column, unscaled);
                return bytes == null ? null : new StatsBound(bytes, exact);
        }
    }

    /**
     * The unscaled value as big-endian two's complement bytes: of the column's fixed length for a
     * FIXED_LEN_BYTE_ARRAY column (sign-extended; null if it does not fit), else minimal.
     */
    private static Binary twosComplement(ParquetColumn column, BigInteger unscaled) {
        byte[] minimal = unscaled.toByteArray();
        int length = column.leaf().getPrimitiveType().getTypeLength();
        if (length == 0 || length == minimal.length) {
            return binary(minimal);
        }
        if (minimal.length > length) {
            return null;
        }
        byte[] fixed = new byte[length];
        byte fill = (byte) (unscaled.signum() < 0 ? 0xFF : 0);
        int pad = length - minimal.length;
        for (int i = 0; i < pad; i++) {
            fixed[i] = fill;
        }
        System.arraycopy(minimal, 0, fixed, pad, minimal.length);
        return binary(fixed);
    }

    /**
     * A string as its UTF-8 bytes, which footer statistics order as unsigned bytes: the code point
     * order. Tally may compare strings as Java does (UTF-16 code units), which disagrees with it
     * only where two differing characters are both at or above U+D800; a range bound holding such a
     * character is not used, while an equality is safe in any order.
     */
    private static StatsBound stringBound(String value, boolean point) {
        if (!point) {
            for (int i = 0; i < value.length(); i++) {
                if (value.charAt(i) >= SURROGATES) {
                    return null;
                }
            }
        }
        return new StatsBound(Binary.fromString(value), true);
    }

    private static Binary binary(byte[] bytes) {
        return Binary.fromConstantByteArray(bytes);
    }
}
