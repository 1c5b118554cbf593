package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class CsvValuesTest {
    @Test
    void longs() {
        assertEquals(42L, CsvValues.parseLong(" 42 "));
        assertEquals(-7L, CsvValues.parseLong("-7"));
        assertEquals(Long.MAX_VALUE, CsvValues.parseLong("9223372036854775807"));
        assertEquals(Long.MIN_VALUE, CsvValues.parseLong("-9223372036854775808"));
        for (String bad :
                new String[] {
                    "9223372036854775808", "-9223372036854775809", "1.0", "-", "", "1e3", "١٢"
                }) {
            assertThrows(CsvValues.BadValue.class, () -> CsvValues.parseLong(bad), bad);
        }
        assertThrows(CsvValues.BadValue.class, () -> CsvValues.parseInt("2147483648"));
    }

    @Test
    void doubles() {
        assertEquals(1.5, CsvValues.parseDouble("1.5"));
        assertEquals(-1000.0, CsvValues.parseDouble("-1e3"));
        assertEquals(0.5, CsvValues.parseDouble(".5"));
        assertEquals(Double.NEGATIVE_INFINITY, CsvValues.parseDouble("-inf"));
        assertEquals(Double.NaN, CsvValues.parseDouble("NaN"));
        for (String bad : new String[] {"1.0d", "0x10", "1e", "e5", ".", "abc"}) {
            assertThrows(CsvValues.BadValue.class, () -> CsvValues.parseDouble(bad), bad);
        }
    }

    @Test
    void datesAndTimestamps() {
        assertEquals(LocalDate.of(2024, 2, 29).toEpochDay(), CsvValues.parseDate("2024-02-29"));
        assertEquals(-1, CsvValues.parseDate("1969-12-31"));
        assertThrows(CsvValues.BadValue.class, () -> CsvValues.parseDate("2023-02-29"));
        assertThrows(CsvValues.BadValue.class, () -> CsvValues.parseDate("2023-2-01"));
        long expected =
                LocalDateTime.of(2024, 3, 1, 13, 45, 7, 123_000_000)
                        .toInstant(ZoneOffset.UTC)
                        .toEpochMilli();
        assertEquals(expected, CsvValues.parseTimestamp("2024-03-01 13:45:07.123"));
        assertEquals(expected, CsvValues.parseTimestamp("2024-03-01T13:45:07.123456"));
        assertEquals(expected - 123, CsvValues.parseTimestamp("2024-03-01 13:45:07"));
        assertEquals(expected - 23, CsvValues.parseTimestamp("2024-03-01 13:45:07.1"));
        assertEquals(
                LocalDate.of(2024, 3, 1).toEpochDay() * 86_400_000L,
                CsvValues.parseTimestamp("2024-03-01"));
        for (String bad :
                new String[] {
                    "2024-03-01 24:00:00",
                    "2024-03-01 13:45",
                    "2024-03-01X13:45:07",
                    "2024-03-01 13:45:07.",
                    "2024-03-01 13:45:07.1234567890",
                    "2024-03-01 13:45:07.12a"
                }) {
            assertThrows(CsvValues.BadValue.class, () -> CsvValues.parseTimestamp(bad), bad);
        }
    }

    @Test
    void booleansAndDecimals() {
        assertEquals(true, CsvValues.parseBoolean("TRUE"));
        assertEquals(false, CsvValues.parseBoolean("false"));
        assertThrows(CsvValues.BadValue.class, () -> CsvValues.parseBoolean("yes"));
        assertEquals(new BigDecimal("12.35"), CsvValues.parseDecimal("12.345", 5, 2));
        assertEquals(new BigDecimal("-0.50"), CsvValues.parseDecimal("-.5", 5, 2));
        assertThrows(CsvValues.BadValue.class, () -> CsvValues.parseDecimal("1234.5", 5, 2));
        assertThrows(CsvValues.BadValue.class, () -> CsvValues.parseDecimal("1,5", 5, 2));
    }
}
