package io.tally.jdbc;

import java.lang.invoke.MethodType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

/**
 * JDBC 4.2's {@code ResultSet.getObject(column, Class)}: a column read as a boxed number, {@code
 * String}, {@code BigDecimal}, {@code byte[]}, or a {@code java.time} value. Tally's dates and
 * timestamps have no time zone: they are read in UTC, so a {@code DATE '2024-01-01'} is {@code
 * LocalDate 2024-01-01} on every client, whatever its default time zone.
 */
final class JdbcValues {
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long NANOS_PER_MILLI = 1_000_000L;
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    /** Reads column {@code i} of the current row one way. */
    private interface Reader {
        Object read(ResultSet rs, int i) throws SQLException;
    }

    private static final Map<Class<?>, Reader> READERS = new HashMap<>();

    static {
        READERS.put(String.class, ResultSet::getString);
        READERS.put(Long.class, ResultSet::getLong);
        READERS.put(Integer.class, ResultSet::getInt);
        READERS.put(Short.class, ResultSet::getShort);
        READERS.put(Byte.class, ResultSet::getByte);
        READERS.put(Double.class, ResultSet::getDouble);
        READERS.put(Float.class, ResultSet::getFloat);
        READERS.put(Boolean.class, ResultSet::getBoolean);
        READERS.put(BigDecimal.class, ResultSet::getBigDecimal);
        READERS.put(
                BigInteger.class,
                (rs, i) -> {
                    BigDecimal d = rs.getBigDecimal(i);
                    return d == null ? null : d.toBigInteger();
                });
        READERS.put(byte[].class, ResultSet::getBytes);
        READERS.put(Array.class, ResultSet::getArray);
        READERS.put(Date.class, ResultSet::getDate);
        READERS.put(Time.class, ResultSet::getTime);
        READERS.put(Timestamp.class, ResultSet::getTimestamp);
        READERS.put(Object.class, ResultSet::getObject);
        READERS.put(
                LocalDate.class,
                (rs, i) -> {
                    Date d = rs.getDate(i, utc());
                    return d == null
                            ? null
                            : LocalDate.ofEpochDay(Math.floorDiv(d.getTime(), MILLIS_PER_DAY));
                });
        READERS.put(
                LocalTime.class,
                (rs, i) -> {
                    Time t = rs.getTime(i, utc());
                    return t == null
                            ? null
                            : LocalTime.ofNanoOfDay(
                                    Math.floorMod(t.getTime(), MILLIS_PER_DAY) * NANOS_PER_MILLI);
                });
        READERS.put(
                LocalDateTime.class,
                (rs, i) -> {
                    Instant t = instant(rs, i);
                    return t == null ? null : LocalDateTime.ofInstant(t, ZoneOffset.UTC);
                });
        READERS.put(Instant.class, JdbcValues::instant);
        READERS.put(
                OffsetDateTime.class,
                (rs, i) -> {
                    Instant t = instant(rs, i);
                    return t == null ? null : OffsetDateTime.ofInstant(t, ZoneOffset.UTC);
                });
    }

    private JdbcValues() {}

    /** Column {@code i} of the current row as a {@code type}; null for SQL NULL. */
    static Object get(ResultSet rs, int i, Class<?> type) throws SQLException {
        Reader reader =
                READERS.get(
                        type.isPrimitive()
                                ? MethodType.methodType(type).wrap().returnType()
                                : type);
        Object value = reader != null ? reader.read(rs, i) : rs.getObject(i);
        if (rs.wasNull()) {
            return null;
        }
        if (reader == null && !type.isInstance(value)) {
            throw SqlErrors.create(
                    "Cannot read column "
                            + i
                            + " ("
                            + rs.getMetaData().getColumnTypeName(i)
                            + ") as "
                            + type.getName(),
                    SqlErrors.INVALID_CAST,
                    null);
        }
        return value;
    }

    private static Instant instant(ResultSet rs, int i) throws SQLException {
        Timestamp t = rs.getTimestamp(i, utc());
        return t == null ? null : t.toInstant();
    }

    private static Calendar utc() {
        return Calendar.getInstance(UTC, Locale.ROOT);
    }
}
