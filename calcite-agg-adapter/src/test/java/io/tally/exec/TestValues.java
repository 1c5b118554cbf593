package io.tally.exec;

import io.tally.batch.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Random values in Calcite's Java representation, drawn from small domains so keys repeat. */
public final class TestValues {
    private TestValues() {}

    public static Object random(Random r, DataType t, int domain, double nullRate) {
        if (r.nextDouble() < nullRate) {
            return null;
        }
        int k = r.nextInt(domain);
        switch (t.type()) {
            case BOOLEAN:
                return k % 2 == 0;
            case TINYINT:
                return (byte) (k % 100 - 50);
            case SMALLINT:
                return (short) (k - domain / 2);
            case INTEGER:
            case DATE:
            case TIME:
                return k * 7 - domain;
            case BIGINT:
            case TIMESTAMP:
                return (long) k * 1_000_003L - 5L * domain;
            case REAL:
                return specialOr(k, (float) (k / 4.0 - 3));
            case DOUBLE:
                return specialOr(k, k / 8.0 - 5);
            case DECIMAL:
                BigInteger unscaled =
                        k % 5 == 0
                                ? BigInteger.valueOf(k).shiftLeft(70).add(BigInteger.valueOf(k))
                                : BigInteger.valueOf(k * 37L - 1000);
                return new BigDecimal(k % 3 == 0 ? unscaled.negate() : unscaled, t.scale());
            case CHAR:
            case VARCHAR:
                return k % 11 == 0
                        ? ""
                        : "s" + k + (k % 3 == 0 ? "-a-longer-string-past-eight-bytes" : "");
            case VARBINARY:
                return new byte[] {(byte) k, (byte) (k >> 8), 7};
            case ARRAY:
            case MULTISET:
                List<String> items = new ArrayList<>();
                for (int j = 0; j < k % 4; j++) {
                    items.add(j == 1 && k % 5 == 0 ? null : "i" + (k + j));
                }
                return items;
            default:
                throw new IllegalArgumentException(t.toString());
        }
    }

    private static Object specialOr(int k, float v) {
        return k == 0
                ? -0.0f
                : k == 1
                        ? 0.0f
                        : k == 2 ? Float.NaN : k == 3 ? Float.intBitsToFloat(0x7fc00001) : v;
    }

    private static Object specialOr(int k, double v) {
        return k == 0
                ? -0.0
                : k == 1
                        ? 0.0
                        : k == 2
                                ? Double.NaN
                                : k == 3 ? Double.longBitsToDouble(0x7ff8000000000001L) : v;
    }

    /** The grouping identity of a value: -0.0 as 0.0, one NaN, arrays by content. */
    public static Object groupingKey(Object v) {
        if (v instanceof Double) {
            double d = (Double) v;
            return d == 0.0 ? 0.0 : Double.isNaN(d) ? Double.NaN : d;
        }
        if (v instanceof Float) {
            float f = (Float) v;
            return f == 0.0f ? 0.0f : Float.isNaN(f) ? Float.NaN : f;
        }
        if (v instanceof byte[]) {
            return Arrays.toString((byte[]) v);
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).stripTrailingZeros();
        }
        return v;
    }
}
