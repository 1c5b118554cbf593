package io.tally.datasets;

/**
 * Formats counts the way db-benchmark names its files: a count {@code d * 10^e} with one
 * significant digit becomes {@code "<d>e<e>"} (1e7, 2e0, 5e8); any other count is written in full
 * (12345), so distinct counts never share a name.
 */
final class SciNames {
    private SciNames() {}

    static String of(long count) {
        if (count <= 0) {
            return Long.toString(count);
        }
        int exponent = 0;
        long mantissa = count;
        while (mantissa % 10 == 0) {
            mantissa /= 10;
            exponent++;
        }
        return mantissa < 10 ? mantissa + "e" + exponent : Long.toString(count);
    }
}
