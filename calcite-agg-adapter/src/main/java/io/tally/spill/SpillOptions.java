package io.tally.spill;

import java.io.Serializable;
import java.util.Locale;

/**
 * How an operator spills: the base directory ({@code spill_dir}; each query gets a directory there
 * and each spilling operator a subdirectory of it, see {@link QuerySpillDirectory}), the state
 * layout ({@code spill_format}) and the IPC body compression ({@code spill_compression}). {@code
 * maxBytes} caps the bytes written per operator (the real cap is the device; tests lower it to
 * simulate a full disk).
 */
public record SpillOptions(String dir, Format format, Compression compression, long maxBytes)
        implements Serializable {
    /** Aggregate-state layout on disk. */
    public enum Format {
        /**
         * Each function's state as its typed Arrow columns (the serializer this engine is built
         * on).
         */
        COLUMNS,
        /** Baseline: one VarBinary column per aggregate call, each state a compact byte string. */
        BINARY
    }

    /** Arrow IPC body compression. */
    public enum Compression {
        NONE,
        LZ4,
        ZSTD
    }

    public SpillOptions {
        if (dir == null || format == null || compression == null || maxBytes <= 0) {
            throw new IllegalArgumentException(
                    "dir, format, compression and a positive maxBytes are required");
        }
    }

    /** Spill to {@code java.io.tmpdir}, typed columns, no compression. */
    public static SpillOptions defaults() {
        return new SpillOptions(
                System.getProperty("java.io.tmpdir"),
                Format.COLUMNS,
                Compression.NONE,
                Long.MAX_VALUE);
    }

    public SpillOptions withFormat(Format f) {
        return new SpillOptions(dir, f, compression, maxBytes);
    }

    public SpillOptions withCompression(Compression c) {
        return new SpillOptions(dir, format, c, maxBytes);
    }

    public SpillOptions withDir(String d) {
        return new SpillOptions(d, format, compression, maxBytes);
    }

    /** Test hook: fail with "no space left" once more than {@code bytes} would be written. */
    public SpillOptions withMaxBytes(long bytes) {
        return new SpillOptions(dir, format, compression, bytes);
    }

    @Override
    public String toString() {
        return "spill_dir="
                + dir
                + ", spill_format="
                + format.name().toLowerCase(Locale.ROOT)
                + ", spill_compression="
                + compression.name().toLowerCase(Locale.ROOT);
    }
}
