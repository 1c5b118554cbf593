package io.tally.difftest;

import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Draws the random, skewed cell values of the fact table. Java forms: BOOLEAN Boolean, TINYINT
 * Byte, SMALLINT Short, INTEGER Integer, BIGINT Long, DECIMAL BigDecimal (column scale), REAL
 * Float, DOUBLE Double, DATE Integer (epoch day), TIME Integer (millis of day), TIMESTAMP Long
 * (epoch millis), VARCHAR String, ARRAY {@code List<String>}; {@code null} is NULL.
 *
 * <p>Keys pick from a small domain of edge values plus a few random ones; a hot value takes {@value
 * #HOT_PERCENT}% of the rows (skew). Floating keys never hold -0.0, NaN or infinities: SQL groups
 * -0.0 with 0.0, which Calcite's stock operator (the reference) does not, and the stock MIN/MAX of
 * REAL/DOUBLE answer ±MAX_VALUE where the only input is an infinity.
 */
final class RandomValues {
    static final int NULL_PERCENT = 10;
    static final int HOT_PERCENT = 40;

    /** Scale of the DECIMAL key column {@code kdec DECIMAL(10,2)}. */
    static final int KEY_DECIMAL_SCALE = 2;

    /** Scale of the DECIMAL value column {@code vdec DECIMAL(12,3)}. */
    static final int VALUE_DECIMAL_SCALE = 3;

    static final int GROUPS = 20;
    private static final long DAY_MILLIS = 86_400_000L;

    private static final List<Object> BYTES =
            List.of((byte) 0, (byte) 1, (byte) -1, Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 42);
    private static final List<Object> SHORTS =
            List.of(
                    (short) 7,
                    Short.MIN_VALUE,
                    Short.MAX_VALUE,
                    (short) 0,
                    (short) -300,
                    (short) 256);
    private static final List<Object> INTS =
            List.of(3, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 65536, 1 << 24);
    private static final List<Object> LONGS =
            List.of(
                    5L,
                    Long.MIN_VALUE,
                    Long.MAX_VALUE,
                    0L,
                    -1L,
                    1L << 40,
                    (long) Integer.MAX_VALUE + 1);
    private static final List<Object> DECIMALS =
            List.of(
                    new BigDecimal("1.50"),
                    new BigDecimal("-99999999.99"),
                    new BigDecimal("99999999.99"),
                    new BigDecimal("0.00"),
                    new BigDecimal("-1.50"),
                    new BigDecimal("0.01"));
    private static final List<Object> FLOATS =
            List.of(
                    1.5f,
                    -2.25f,
                    3.4e38f,
                    -3.4e38f,
                    1e-30f,
                    Float.MIN_VALUE,
                    0.0f,
                    1f / 3,
                    16777217f,
                    Float.MAX_VALUE);
    private static final List<Object> DOUBLES =
            List.of(
                    0.1 + 0.2,
                    0.3,
                    -1e300,
                    1e-300,
                    Double.MAX_VALUE,
                    -Double.MIN_VALUE,
                    0.0,
                    2.5,
                    (double) (1L << 53) + 1);
    private static final List<Object> DATES =
            List.of(19000, 0, -1, -25567, 2932896, -719162, 10957);
    private static final List<Object> TIMES = List.of(43_200_000, 0, 86_399_999, 1, 3_600_000);
    private static final List<Object> TIMESTAMPS =
            List.of(
                    1_600_000_000_000L,
                    0L,
                    -1L,
                    -2_208_988_800_000L,
                    253_402_300_799_999L,
                    1_600_000_000_001L,
                    946_684_800_000L);
    private static final List<Object> STRINGS =
            List.of(
                    "a",
                    "",
                    "A",
                    "é",
                    "日本語",
                    "emoji 😀",
                    "a,b",
                    "quote\"q",
                    "  space ",
                    "a-somewhat-longer-key-that-spills-past-inline",
                    "key_0001",
                    "b");
    private static final List<Object> ARRAYS =
            List.of(
                    List.of("a"),
                    List.of(),
                    List.of(""),
                    List.of("a", "b"),
                    List.of("b", "a"),
                    List.of("日本", "x"),
                    List.of("a", "b", "c", "d"));

    private RandomValues() {}

    /** A value of {@code column} for row {@code row} of a {@code rows}-row table. */
    static Object value(Column column, Random r, int row, int rows) {
        switch (column.name()) {
            case "g":
                return row % 7 == 0 ? 0 : r.nextInt(GROUPS);
            case "hk":
                return (long) r.nextInt(Math.max(1, rows / 2));
            case "gname":
                return null; // set from g by the caller
            default:
                break;
        }
        if (r.nextInt(100) < NULL_PERCENT) {
            return null;
        }
        return column.role() == Column.Role.KEY ? key(column.kind(), r) : measure(column.kind(), r);
    }

    /** {@code gname} for group {@code g}. */
    static String groupName(int g) {
        return "name_" + (g * 7919 % 1000);
    }

    private static Object key(ColumnKind kind, Random r) {
        switch (kind) {
            case BOOLEAN:
                return r.nextInt(100) < HOT_PERCENT || r.nextBoolean();
            case TINYINT:
                return pick(BYTES, r, () -> (byte) (r.nextInt(256) - 128));
            case SMALLINT:
                return pick(SHORTS, r, () -> (short) (r.nextInt(2000) - 1000));
            case INTEGER:
                return pick(INTS, r, () -> r.nextInt(100) - 50);
            case BIGINT:
                return pick(LONGS, r, () -> r.nextLong() >> r.nextInt(64));
            case DECIMAL:
                return pick(
                        DECIMALS,
                        r,
                        () -> BigDecimal.valueOf(r.nextInt(200_000) - 100_000, KEY_DECIMAL_SCALE));
            case REAL:
                return pick(FLOATS, r, () -> (float) (r.nextInt(40) - 20) / 4);
            case DOUBLE:
                return pick(DOUBLES, r, () -> (r.nextInt(40) - 20) / 8.0);
            case DATE:
                return pick(DATES, r, () -> 18_000 + r.nextInt(30));
            case TIME:
                return pick(TIMES, r, () -> r.nextInt((int) DAY_MILLIS));
            case TIMESTAMP:
                return pick(TIMESTAMPS, r, () -> 1_600_000_000_000L + r.nextInt(20) * 1_000L);
            case VARCHAR:
                return pick(STRINGS, r, () -> "k" + r.nextInt(15));
            case ARRAY:
                return pick(ARRAYS, r, () -> List.of("x" + r.nextInt(4), "y"));
            default:
                throw new AssertionError(kind);
        }
    }

    private static Object measure(ColumnKind kind, Random r) {
        switch (kind) {
            case BOOLEAN:
                return r.nextInt(10) != 0;
            case TINYINT:
                return (byte) (r.nextInt(201) - 100);
            case SMALLINT:
                return (short) (r.nextInt(20_001) - 10_000);
            case INTEGER:
                return r.nextInt(2001) - 1000;
            case BIGINT:
                return r.nextLong() % 1_000_000_000_000L;
            case DECIMAL:
                return BigDecimal.valueOf(
                        r.nextInt(200_000_001) - 100_000_000L, VALUE_DECIMAL_SCALE);
            case REAL:
                return (r.nextInt(2001) - 1000) / 10f;
            case DOUBLE:
                return (r.nextInt(20_001) - 10_000) / 100.0;
            default:
                throw new AssertionError(kind);
        }
    }

    private static Object pick(List<Object> domain, Random r, Supplier<Object> fresh) {
        int p = r.nextInt(100);
        if (p < HOT_PERCENT) {
            return domain.get(0);
        }
        return p < 80 ? domain.get(r.nextInt(domain.size())) : fresh.get();
    }
}
