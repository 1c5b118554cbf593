package io.tally.shell.format;

/**
 * ANSI styling for terminal output; a disabled palette returns text unchanged (files, pipes, dumb
 * terminals).
 */
public final class Palette {
    private static final String RESET = "\u001b[0m";

    /** A palette that never styles. */
    public static final Palette PLAIN = new Palette(false);

    /** A palette that styles with ANSI escapes. */
    public static final Palette ANSI = new Palette(true);

    private final boolean enabled;

    private Palette(boolean enabled) {
        this.enabled = enabled;
    }

    /** Whether this palette emits escapes. */
    public boolean enabled() {
        return enabled;
    }

    /** Dimmed text (NULLs, types, notices). */
    public String faint(String s) {
        return wrap("\u001b[2m", s);
    }

    /** Bold text (headers). */
    public String bold(String s) {
        return wrap("\u001b[1m", s);
    }

    /** Red text (errors). */
    public String red(String s) {
        return wrap("\u001b[31m", s);
    }

    private String wrap(String code, String s) {
        return enabled && !s.isEmpty() ? code + s + RESET : s;
    }
}
