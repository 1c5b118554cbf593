package io.tally.shell.format;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * Renders one JDBC value as text, the same way for every output format: integers and decimals exactly,
 * doubles without exponent between {@value #PLAIN_MIN} and {@value #PLAIN_MAX}, binary as {@code \x} hex,
 * everything else as the driver's {@code getString}; {@code null} for SQL NULL.
 */
public final class ValueText {
  /** Smallest magnitude a double is printed without exponent. */
  static final double PLAIN_MIN = 1e-4;
  /** Magnitude from which a double is printed with exponent (beyond it digits would be invented). */
  static final double PLAIN_MAX = 1e16;
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private ValueText() {}

  /** Reads column {@code i} (1-based) of the current row. */
  public static String read(ResultSet rs, int i, int sqlType) throws SQLException {
    switch (sqlType) {
      case Types.BINARY: case Types.VARBINARY: case Types.LONGVARBINARY: case Types.BLOB: {
        byte[] bytes = rs.getBytes(i);
        return bytes == null ? null : hex(bytes);
      }
      case Types.TINYINT: case Types.SMALLINT: case Types.INTEGER: case Types.BIGINT:
      case Types.REAL: case Types.FLOAT: case Types.DOUBLE: case Types.DECIMAL: case Types.NUMERIC:
      case Types.BOOLEAN: case Types.BIT: {
        Object o = rs.getObject(i);
        return o == null ? null : of(o);
      }
      default:
        return rs.getString(i);
    }
  }

  /** Renders a non-null value object. */
  public static String of(Object o) {
    if (o instanceof Double) {
      return doubleText((Double) o);
    }
    if (o instanceof Float) {
      return doubleText(Double.parseDouble(o.toString()));
    }
    if (o instanceof BigDecimal) {
      return ((BigDecimal) o).toPlainString();
    }
    return o.toString();
  }

  /** A double as text: plain notation for ordinary magnitudes, Java's shortest form otherwise. */
  static String doubleText(double d) {
    double abs = Math.abs(d);
    if (Double.isNaN(d) || Double.isInfinite(d) || d == 0 || abs < PLAIN_MIN || abs >= PLAIN_MAX) {
      return Double.toString(d);
    }
    String plain = new BigDecimal(Double.toString(d)).toPlainString();
    return plain.indexOf('.') < 0 ? plain + ".0" : plain;
  }

  private static String hex(byte[] bytes) {
    StringBuilder sb = new StringBuilder(2 + 2 * bytes.length).append("\\x");
    for (byte b : bytes) {
      sb.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
    }
    return sb.toString();
  }
}
