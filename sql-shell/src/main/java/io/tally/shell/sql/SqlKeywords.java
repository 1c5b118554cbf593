package io.tally.shell.sql;

import java.util.Arrays;
import java.util.Collections;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/** The SQL keywords and built-in function names the shell highlights and completes. */
public final class SqlKeywords {
  private SqlKeywords() {}

  private static final Set<String> KEYWORDS = upperSet(
      "ALL", "ALTER", "ANALYZE", "AND", "ANY", "ARRAY", "AS", "ASC", "BETWEEN", "BIGINT", "BINARY",
      "BOOLEAN", "BOTH", "BY", "CASE", "CAST", "CHAR", "CHARACTER", "CHECK", "COLLATE", "COLUMN",
      "CONSTRAINT", "CREATE", "CROSS", "CUBE", "CURRENT", "CURRENT_DATE", "CURRENT_TIME",
      "CURRENT_TIMESTAMP", "DATE", "DAY", "DECIMAL", "DEFAULT", "DELETE", "DESC", "DESCRIBE",
      "DISTINCT", "DOUBLE", "DROP", "ELSE", "END", "ESCAPE", "EXCEPT", "EXISTS", "EXPLAIN", "EXTRACT",
      "FALSE", "FETCH", "FILTER", "FIRST", "FLOAT", "FOLLOWING", "FOR", "FORMAT", "FROM", "FULL",
      "FUNCTION", "GROUP", "GROUPING", "GROUPS", "HAVING", "HOUR", "IF", "ILIKE", "IN", "INNER",
      "INSERT", "INT", "INTEGER", "INTERSECT", "INTERVAL", "INTO", "IS", "JOIN", "JSON", "LAST",
      "LATERAL", "LEADING", "LEFT", "LIKE", "LIMIT", "MATCH", "MERGE", "MINUS", "MINUTE", "MONTH",
      "NATURAL", "NOT", "NULL", "NULLS", "NUMERIC", "OF", "OFFSET", "ON", "ONLY", "OR", "ORDER",
      "OUTER", "OVER", "PARTITION", "PLAN", "PRECEDING", "RANGE", "REAL", "RECURSIVE", "RESET",
      "RIGHT", "ROLLUP", "ROW", "ROWS", "SCHEMA", "SECOND", "SELECT", "SESSION", "SET", "SETS",
      "SHOW", "SIMILAR", "SMALLINT", "SOME", "SYSTEM", "TABLE", "TABLESAMPLE", "THEN", "TIME",
      "TIMESTAMP", "TINYINT", "TO", "TRAILING", "TRUE", "UESCAPE", "UNBOUNDED", "UNION", "UNIQUE",
      "UNKNOWN", "UNNEST", "UPDATE", "USING", "VALUES", "VARBINARY", "VARCHAR", "VIEW", "WHEN",
      "WHERE", "WINDOW", "WITH", "WITHIN", "WITHOUT", "XML", "YEAR");

  private static final Set<String> FUNCTIONS = upperSet(
      "ABS", "ANY_VALUE", "APPROX_COUNT_DISTINCT", "ARRAY_AGG", "AVG", "BIT_AND", "BIT_OR", "BIT_XOR",
      "CARDINALITY", "CEIL", "CEILING", "CHAR_LENGTH", "CHARACTER_LENGTH", "COALESCE", "COLLECT",
      "CONCAT", "COUNT", "COVAR_POP", "COVAR_SAMP", "CUME_DIST", "DENSE_RANK", "EVERY", "EXP",
      "FIRST_VALUE", "FLOOR", "INITCAP", "LAG", "LAST_VALUE", "LEAD", "LISTAGG", "LN", "LOG10",
      "LOWER", "LTRIM", "MAX", "MIN", "MOD", "NTH_VALUE", "NTILE", "NULLIF", "OVERLAY",
      "PERCENT_RANK", "PERCENTILE_CONT", "PERCENTILE_DISC", "POSITION", "POWER", "RANK", "REGR_COUNT",
      "REPLACE", "ROUND", "ROW_NUMBER", "RTRIM", "SIGN", "SQRT", "STDDEV", "STDDEV_POP",
      "STDDEV_SAMP", "STRING_AGG", "SUBSTRING", "SUM", "TRIM", "TRUNCATE", "UPPER", "VAR_POP",
      "VAR_SAMP", "VARIANCE");

  /** Reserved words and common keywords, upper case. */
  public static Set<String> keywords() {
    return KEYWORDS;
  }

  /** Common built-in function names, upper case. */
  public static Set<String> functions() {
    return FUNCTIONS;
  }

  /** Whether {@code word} (any case) is a keyword. */
  public static boolean isKeyword(String word) {
    return KEYWORDS.contains(word.toUpperCase(Locale.ROOT));
  }

  /** Whether {@code word} (any case) is a known function name. */
  public static boolean isFunction(String word) {
    return FUNCTIONS.contains(word.toUpperCase(Locale.ROOT));
  }

  private static Set<String> upperSet(String... words) {
    return Collections.unmodifiableSet(new TreeSet<>(Arrays.asList(words)));
  }
}
