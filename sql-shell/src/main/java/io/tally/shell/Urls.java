package io.tally.shell;

import java.util.regex.Pattern;

/** Makes JDBC URLs safe to print: password values are replaced by {@code ***}. */
public final class Urls {
  private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^;]*");

  private Urls() {}

  /** {@code url} with every {@code …password=VALUE} value hidden. */
  public static String redact(String url) {
    return url == null ? null : PASSWORD.matcher(url).replaceAll("$1***");
  }
}
