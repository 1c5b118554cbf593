package io.tally.bench.sql;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An order-independent digest of a query result: the row count and one checksum per column
 * (numbers: the sum of values; text: the sum of {@link String#hashCode()}s; NULLs and NaNs count as
 * 0 and are tallied separately). Two engines that agree on a GROUP BY agree on this digest up to
 * floating-point rounding, which {@link #mismatch} tolerates ({@link #RELATIVE_TOLERANCE}).
 */
public record Answer(long rows, double[] checksums, long nulls) {
    /**
     * Relative difference allowed between checksums: sums of doubles in another order differ in the
     * last bits.
     */
    public static final double RELATIVE_TOLERANCE = 1e-6;

    /** Reads every row of {@code rs} into its digest (so a lazy engine does all the work). */
    public static Answer read(ResultSet rs) throws SQLException {
        int columns = rs.getMetaData().getColumnCount();
        double[] sums = new double[columns];
        long rows = 0;
        long nulls = 0;
        while (rs.next()) {
            rows++;
            for (int c = 0; c < columns; c++) {
                Object v = rs.getObject(c + 1);
                if (v == null || v instanceof Double d && d.isNaN()) {
                    nulls++;
                } else {
                    sums[c] += checksum(v);
                }
            }
        }
        return new Answer(rows, sums, nulls);
    }

    /**
     * A cell's contribution to its column checksum: numbers by value (read with {@code getObject},
     * since DuckDB's SUM of INTEGER is a HUGEINT reported as {@code Types.OTHER}), anything else by
     * the hash of its text.
     */
    private static double checksum(Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return v.toString().hashCode();
    }

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
                diffs.add(
                        String.format(Locale.ROOT, "column %d checksum %.9g vs %.9g", c + 1, a, b));
            }
        }
        return diffs.isEmpty() ? null : String.join("; ", diffs);
    }
}
