package io.tally.shell;

import io.tally.shell.format.OutputFormat;
import io.tally.shell.format.Palette;
import io.tally.shell.format.RenderOptions;
import java.util.function.IntSupplier;

/**
 * The shell's mutable display settings: format, expanded display, timing, row limit, width and
 * colors.
 */
public final class ShellSettings {
    /** Rows an interactive table shows before truncating (the DuckDB CLI's default). */
    public static final int INTERACTIVE_MAX_ROWS = 40;

    private OutputFormat format = OutputFormat.TABLE;
    private boolean timing;
    private boolean expanded;
    private int maxRows;
    private boolean verbose;
    private Palette palette = Palette.PLAIN;
    private IntSupplier width = () -> 0;

    public OutputFormat format() {
        return format;
    }

    public ShellSettings format(OutputFormat f) {
        this.format = f;
        return this;
    }

    /** Whether tables print one line per column ({@code \x}); CSV, TSV and JSON are unaffected. */
    public boolean expanded() {
        return expanded;
    }

    public ShellSettings expanded(boolean on) {
        this.expanded = on;
        return this;
    }

    /**
     * The format results print in now: vertical instead of a table while {@link #expanded} is on.
     */
    public OutputFormat effectiveFormat() {
        boolean table = format == OutputFormat.TABLE || format == OutputFormat.MARKDOWN;
        return expanded && table ? OutputFormat.VERTICAL : format;
    }

    public boolean timing() {
        return timing;
    }

    public ShellSettings timing(boolean on) {
        this.timing = on;
        return this;
    }

    /** Table rows shown at most; 0 = all. */
    public int maxRows() {
        return maxRows;
    }

    public ShellSettings maxRows(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("max rows must be >= 0 (0 = no limit), got " + n);
        }
        this.maxRows = n;
        return this;
    }

    public boolean verbose() {
        return verbose;
    }

    public ShellSettings verbose(boolean on) {
        this.verbose = on;
        return this;
    }

    public Palette palette() {
        return palette;
    }

    public ShellSettings palette(Palette p) {
        this.palette = p;
        return this;
    }

    /** Supplies the terminal width tables fit into (0 = unlimited). */
    public ShellSettings width(IntSupplier w) {
        this.width = w;
        return this;
    }

    /** Layout for the current result going to the terminal. */
    public RenderOptions renderOptions() {
        return new RenderOptions(maxRows, width.getAsInt(), palette);
    }
}
