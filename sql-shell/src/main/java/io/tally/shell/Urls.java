package io.tally.shell;

import java.util.regex.Pattern;

/** JDBC URL helpers: safe to print (password values replaced by {@code ***}), remote or not. */
public final class Urls {
    private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^;]*");

    private Urls() {}

    /** The prefix of Avatica remote (e.g. {@code tally serve}) URLs. */
    public static final String REMOTE_PREFIX = "jdbc:avatica:remote:";

    /** Whether {@code url} reaches a server through Avatica. */
    public static boolean isRemote(String url) {
        return url != null && url.regionMatches(true, 0, REMOTE_PREFIX, 0, REMOTE_PREFIX.length());
    }

    /** {@code url} with every {@code …password=VALUE} value hidden. */
    public static String redact(String url) {
        return url == null ? null : PASSWORD.matcher(url).replaceAll("$1***");
    }
}
