package io.tally.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Tally's version as the build wrote it into {@code tally-version.properties}. */
public final class TallyVersion {
    /** The product name every Tally connection reports. */
    public static final String PRODUCT = "Tally";

    /** The driver name. */
    public static final String DRIVER = "Tally JDBC Driver";

    /** The full version, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static final String VERSION = load();

    private static final Matcher NUMBERS = Pattern.compile("(\\d+)\\.(\\d+).*").matcher(VERSION);

    /** The major version (0 when the version has no number). */
    public static final int MAJOR = NUMBERS.matches() ? Integer.parseInt(NUMBERS.group(1)) : 0;

    /** The minor version. */
    public static final int MINOR = NUMBERS.matches() ? Integer.parseInt(NUMBERS.group(2)) : 0;

    private TallyVersion() {}

    private static String load() {
        Properties p = new Properties();
        try (InputStream in = TallyVersion.class.getResourceAsStream("tally-version.properties")) {
            if (in == null) {
                throw new IllegalStateException(
                        "tally-version.properties is missing from the Tally jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }
}
