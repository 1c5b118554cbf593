package io.tally.datasets;

import java.math.BigDecimal;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Converts {@code gen} option text: counts such as {@code 1e7}, {@code 10M}; key kinds; formats.
 */
final class GenConverters {
    private GenConverters() {}

    /**
     * A non-negative whole count: plain digits ({@code 10000000}, underscores allowed), scientific
     * ({@code 1e7}, {@code 2.5e6}) or with a decimal suffix {@code K}=1e3, {@code M}=1e6, {@code
     * G}/{@code B}=1e9 ({@code 10M}, {@code 1.5k}); must be an integer after scaling.
     */
    static final class Count implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            return parse(text);
        }

        static long parse(String text) {
            String s = text.trim().replace("_", "").toLowerCase(Locale.ROOT);
            long multiplier = 1;
            if (!s.isEmpty()) {
                switch (s.charAt(s.length() - 1)) {
                    case 'k' -> multiplier = 1_000L;
                    case 'm' -> multiplier = 1_000_000L;
                    case 'g', 'b' -> multiplier = 1_000_000_000L;
                    default -> multiplier = 1;
                }
            }
            if (multiplier != 1) {
                s = s.substring(0, s.length() - 1);
            }
            try {
                BigDecimal value = new BigDecimal(s).multiply(BigDecimal.valueOf(multiplier));
                if (value.signum() < 0) {
                    throw new TypeConversionException(
                            "'" + text + "' is negative; a count must be >= 0");
                }
                return value.longValueExact();
            } catch (NumberFormatException e) {
                throw new TypeConversionException(
                        "'" + text + "' is not a count (examples: 10000000, 1e7, 10M)");
            } catch (ArithmeticException e) {
                throw new TypeConversionException(
                        "'" + text + "' is not a whole count that fits in 64 bits");
            }
        }
    }

    /** {@code int64}, {@code utf8}, {@code dict} or {@code liststr}, any case. */
    static final class Key implements ITypeConverter<DrainGenerator.KeyKind> {
        @Override
        public DrainGenerator.KeyKind convert(String text) {
            try {
                return DrainGenerator.KeyKind.valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(
                        "'" + text + "' is not a key kind; expected int64, utf8, dict or liststr");
            }
        }
    }

    /** {@code csv}, {@code arrow} or {@code both}, any case. */
    static final class Formats implements ITypeConverter<GenOutput.Formats> {
        @Override
        public GenOutput.Formats convert(String text) {
            try {
                return GenOutput.Formats.valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(
                        "'" + text + "' is not a format; expected csv, arrow or both");
            }
        }
    }
}
