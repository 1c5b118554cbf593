package io.tally.shell.format;

/**
 * How a result is laid out.
 *
 * @param maxRows table mode shows at most this many rows (first and last halves); 0 = all
 * @param maxWidth table mode fits into this many columns by cutting wide cells; 0 = no limit
 * @param palette styling for NULLs, headers and notices
 */
public record RenderOptions(int maxRows, int maxWidth, Palette palette) {
    /** Everything, unstyled: what files and pipes get. */
    public static final RenderOptions PLAIN = new RenderOptions(0, 0, Palette.PLAIN);
}
