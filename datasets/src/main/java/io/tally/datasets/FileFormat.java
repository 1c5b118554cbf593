package io.tally.datasets;

import java.util.Locale;

/** The on-disk formats a {@link Dataset} can be written in, with their file extensions. */
public enum FileFormat {
    /** RFC 4180 CSV with header row, {@code \n} line ends, NULL as an empty field. */
    CSV(".csv"),
    /** Arrow IPC file format (random-access, with footer). */
    ARROW(".arrow");

    private final String extension;

    FileFormat(String extension) {
        this.extension = extension;
    }

    /** The file extension including the dot. */
    public String extension() {
        return extension;
    }

    /** The lower-case name used on the command line. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
