package io.tally.quidem;

import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A query result normalized for comparison across engines: every value as text (numbers to {@value
 * #DIGITS} significant digits, so the last bits of a DOUBLE sum don't matter), rows sorted unless
 * the order is part of the answer.
 */
final class ResultTable {
    /** Significant digits kept of every number. */
    static final int DIGITS = 10;

    private ResultTable() {}

    static List<String> run(Statement statement, String sql, boolean ordered) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    b.append(i > 1 ? " | " : "").append(text(rs.getObject(i)));
                }
                rows.add(b.toString());
            }
        }
        if (!ordered) {
            Collections.sort(rows);
        }
        return rows;
    }

    private static String text(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Number) {
            BigDecimal d = new BigDecimal(v.toString()).round(new MathContext(DIGITS));
            return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
        }
        return v.toString();
    }
}
