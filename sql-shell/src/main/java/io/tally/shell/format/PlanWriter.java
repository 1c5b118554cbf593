package io.tally.shell.format;

import java.io.PrintWriter;
import java.sql.SQLException;

/** Prints a one-column {@code PLAN} result (EXPLAIN) as raw text lines, not boxed. */
public final class PlanWriter implements ResultWriter {
    /** The column label that marks a plan. */
    public static final String PLAN_COLUMN = "PLAN";

    /** Whether a result is a plan: exactly one column, labelled {@code PLAN} in any case. */
    public static boolean isPlan(RowSource rows) {
        return rows.columns().size() == 1
                && rows.columns().get(0).name().equalsIgnoreCase(PLAN_COLUMN);
    }

    @Override
    public Written write(RowSource rows, PrintWriter out) throws SQLException {
        long n = 0;
        for (String[] row = rows.next(); row != null; row = rows.next()) {
            String text = row[0] == null ? "" : row[0];
            out.print(text.endsWith("\n") ? text : text + "\n");
            n++;
        }
        return new Written(n, n);
    }
}
