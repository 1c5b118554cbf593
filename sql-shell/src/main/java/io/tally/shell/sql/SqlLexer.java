package io.tally.shell.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into {@link SqlToken}s: enough of SQL's lexical rules to find statement ends,
 * highlight and complete — quotes ({@code '…'}, {@code "…"}, {@code `…`} with doubled-quote
 * escapes), {@code --} and {@code /* *}{@code /} comments, words, numbers and symbols. Never fails:
 * unterminated strings and comments run to the end of the text and are marked so.
 */
public final class SqlLexer {
    private SqlLexer() {}

    /** Tokenizes the whole text. */
    public static List<SqlToken> tokenize(CharSequence s) {
        List<SqlToken> tokens = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            SqlToken t = tokenAt(s, i);
            tokens.add(t);
            i = t.end();
        }
        return tokens;
    }

    /** The token that starts at offset {@code i} (which must be inside the text). */
    public static SqlToken tokenAt(CharSequence s, int i) {
        int n = s.length();
        char c = s.charAt(i);
        if (Character.isWhitespace(c)) {
            int j = i + 1;
            while (j < n && Character.isWhitespace(s.charAt(j))) {
                j++;
            }
            return new SqlToken(SqlToken.Kind.WHITESPACE, i, j, true);
        }
        if (c == '-' && i + 1 < n && s.charAt(i + 1) == '-') {
            int j = i + 2;
            while (j < n && s.charAt(j) != '\n') {
                j++;
            }
            return new SqlToken(SqlToken.Kind.LINE_COMMENT, i, j, true);
        }
        if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
            int close = indexOf(s, "*/", i + 2, n);
            return close < 0
                    ? new SqlToken(SqlToken.Kind.BLOCK_COMMENT, i, n, false)
                    : new SqlToken(SqlToken.Kind.BLOCK_COMMENT, i, close + 2, true);
        }
        if (c == '\'') {
            return quoted(s, i, n, '\'', SqlToken.Kind.STRING);
        }
        if (c == '"' || c == '`') {
            return quoted(s, i, n, c, SqlToken.Kind.QUOTED_IDENTIFIER);
        }
        if (c == ';') {
            return new SqlToken(SqlToken.Kind.SEMICOLON, i, i + 1, true);
        }
        if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1)))) {
            return number(s, i, n);
        }
        if (isWordStart(c)) {
            int j = i + 1;
            while (j < n && isWordPart(s.charAt(j))) {
                j++;
            }
            return new SqlToken(SqlToken.Kind.WORD, i, j, true);
        }
        return new SqlToken(SqlToken.Kind.SYMBOL, i, i + 1, true);
    }

    private static SqlToken quoted(CharSequence s, int i, int n, char quote, SqlToken.Kind kind) {
        int j = i + 1;
        while (j < n) {
            if (s.charAt(j) == quote) {
                if (j + 1 < n && s.charAt(j + 1) == quote) {
                    j += 2; // doubled quote is an escaped quote
                    continue;
                }
                return new SqlToken(kind, i, j + 1, true);
            }
            j++;
        }
        return new SqlToken(kind, i, n, false);
    }

    private static SqlToken number(CharSequence s, int i, int n) {
        int j = i;
        while (j < n && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
            j++;
        }
        if (j < n && (s.charAt(j) == 'e' || s.charAt(j) == 'E')) {
            int k = j + 1;
            if (k < n && (s.charAt(k) == '+' || s.charAt(k) == '-')) {
                k++;
            }
            if (k < n && Character.isDigit(s.charAt(k))) {
                j = k;
                while (j < n && Character.isDigit(s.charAt(j))) {
                    j++;
                }
            }
        }
        return new SqlToken(SqlToken.Kind.NUMBER, i, j, true);
    }

    private static int indexOf(CharSequence s, String what, int from, int n) {
        for (int i = from; i + what.length() <= n; i++) {
            if (s.charAt(i) == what.charAt(0)
                    && s.subSequence(i, i + what.length()).toString().equals(what)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code c} can start an unquoted identifier or keyword. */
    public static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '$';
    }

    /** Whether {@code c} can continue an unquoted identifier or keyword. */
    public static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
