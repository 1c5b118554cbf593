package io.tally.shell.format;

import java.io.PrintWriter;
import java.sql.SQLException;

/** Writes a whole result in one output format. */
public interface ResultWriter {
    /**
     * Drains {@code rows} into {@code out}; says how many rows there were and how many were shown.
     */
    Written write(RowSource rows, PrintWriter out) throws SQLException;

    /**
     * What a writer wrote.
     *
     * @param rows rows in the result
     * @param shown rows printed (fewer than {@code rows} when a table was truncated)
     * @param columns columns in the result
     * @param shownColumns columns printed (fewer when a table hid columns to fit the terminal)
     */
    record Written(long rows, long shown, int columns, int shownColumns) {
        /** Every column written. */
        public Written(long rows, long shown) {
            this(rows, shown, 0, 0);
        }

        /** Whether columns were left out. */
        public boolean hidColumns() {
            return shownColumns < columns;
        }
    }
}
