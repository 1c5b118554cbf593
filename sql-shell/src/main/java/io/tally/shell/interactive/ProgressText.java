package io.tally.shell.interactive;

import io.tally.memory.ByteSize;
import io.tally.session.QueryProgress;
import io.tally.shell.format.TextWidth;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text of the progress line: a bar and percentage when the scans' total is known, rows read,
 * groups, spilled bytes, result rows received and the elapsed time, cut to the terminal width.
 * Other connections (remote ones) only show the time and the rows received.
 */
final class ProgressText {
    /** Cells of the bar between the brackets. */
    static final int BAR_CELLS = 20;

    private static final double NANOS_PER_SECOND = 1e9;

    private ProgressText() {}

    /**
     * @param counters the engine's counters, or null when the connection is remote
     * @param received result rows the shell has read so far
     * @param width the terminal's width; the text stays shorter so the cursor never wraps
     */
    static String format(
            QueryProgress.Snapshot counters, long received, long elapsedNanos, int width) {
        List<String> parts = new ArrayList<>();
        boolean idle = counters == null || (counters.rows() == 0 && counters.groups() == 0);
        if (!idle) {
            long total = counters.estimatedRows();
            long rows = counters.rows();
            if (total > 0 && rows <= total) {
                parts.add(
                        bar(rows, total)
                                + String.format(Locale.ROOT, " %3d%%", percent(rows, total)));
                parts.add(String.format(Locale.ROOT, "%,d / %,d rows", rows, total));
            } else {
                parts.add(String.format(Locale.ROOT, "%,d rows", rows));
            }
            if (counters.groups() > 0) {
                parts.add(String.format(Locale.ROOT, "%,d groups", counters.groups()));
            }
            if (counters.spilledBytes() > 0) {
                parts.add(ByteSize.format(counters.spilledBytes()) + " spilled");
            }
        } else {
            parts.add("running");
        }
        if (received > 0) {
            parts.add(String.format(Locale.ROOT, "%,d result rows", received));
        }
        parts.add(String.format(Locale.ROOT, "%.1f s", elapsedNanos / NANOS_PER_SECOND));
        parts.add("Ctrl-C cancels");
        return width <= 1 ? "" : TextWidth.truncate(String.join(" · ", parts), width - 1);
    }

    private static int percent(long rows, long total) {
        return (int) Math.min(100, rows * 100.0 / total);
    }

    private static String bar(long rows, long total) {
        int filled = (int) Math.min(BAR_CELLS, rows * (double) BAR_CELLS / total);
        return "[" + "█".repeat(filled) + "░".repeat(BAR_CELLS - filled) + "]";
    }
}
