package io.tally.shell.sql;

/**
 * One lexical token of SQL text: its kind and its {@code [start, end)} character range.
 *
 * @param kind what the token is
 * @param start offset of the first character
 * @param end offset one past the last character
 * @param terminated false for a string, quoted identifier or block comment that runs to the end of
 *     the text
 */
public record SqlToken(Kind kind, int start, int end, boolean terminated) {

    /** Token kinds the shell distinguishes. */
    public enum Kind {
        WHITESPACE,
        LINE_COMMENT,
        BLOCK_COMMENT,
        STRING,
        QUOTED_IDENTIFIER,
        WORD,
        NUMBER,
        SEMICOLON,
        SYMBOL;

        /** Whether this token carries no meaning for the statement (blank or comment). */
        public boolean isTrivia() {
            return this == WHITESPACE || this == LINE_COMMENT || this == BLOCK_COMMENT;
        }
    }

    /** The token's text within {@code source}. */
    public String text(CharSequence source) {
        return source.subSequence(start, end).toString();
    }
}
