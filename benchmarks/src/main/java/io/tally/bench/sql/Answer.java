package io.tally.bench.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An order-independent digest of a query result: the row count and one checksum per column
 * (numbers: the sum of values; text: the sum of {@link String#hashCode()}s; NULLs and NaNs
 * count as 0 and are tallied separately). Two engines that agree on a GROUP BY agree on this digest up to
 * floating-point rounding, which {@link #mismatch} tolerates ({@link #RELATIVE_TOLERANCE}).
 */
public record Answer(long rows, double[] checksums, long nulls) {
  /** Relative difference allowed between checksums: sums of doubles in another order differ in the last bits. */
  public static final double RELATIVE_TOLERANCE = 1e-6;

  /** Null if both digests agree, else a sentence saying where they differ. */
  public String mismatch(Answer other) {
    if (rows != other.rows) {
      return "row count " + rows + " vs " + other.rows;
    }
    if (checksums.length != other.checksums.length) {
      return "column count " + checksums.length + " vs " + other.checksums.length;
    }
    if (nulls != other.nulls) {
      return "NULL count " + nulls + " vs " + other.nulls;
    }
    List<String> diffs = new ArrayList<>();
    for (int c = 0; c < checksums.length; c++) {
      double a = checksums[c];
      double b = other.checksums[c];
      double scale = Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
      if (!(Math.abs(a - b) <= RELATIVE_TOLERANCE * scale)) {
        diffs.add(String.format(Locale.ROOT, "column %d checksum %.9g vs %.9g", c + 1, a, b));
      }
    }
    return diffs.isEmpty() ? null : String.join("; ", diffs);
  }
}
