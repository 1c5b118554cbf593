package io.tally.parser;

import java.util.Locale;

/**
 * Builds the syntax errors that Tally's grammar productions raise, each naming the offending
 * token's line and column; the parser turns them into {@code SqlParseException}s positioned at that
 * token.
 */
final class TallyParseErrors {
    private TallyParseErrors() {}

    /** {@code EXPLAIN ANALYZE INSERT ...} and other DML; {@code keyword} is the DML keyword. */
    static ParseException explainAnalyzeOfDml(Token keyword) {
        return at(
                keyword,
                "EXPLAIN ANALYZE supports queries only, not "
                        + keyword.image.toUpperCase(Locale.ROOT));
    }

    /** {@code EXPLAIN ANALYZE} with nothing after it; {@code end} is the end or ';' token. */
    static ParseException explainAnalyzeWithoutQuery(Token end) {
        return at(end, "EXPLAIN ANALYZE must be followed by a query");
    }

    /** {@code SHOW} with nothing after it; {@code end} is the end or ';' token. */
    static ParseException showWithoutSubject(Token end) {
        return at(end, "SHOW must be followed by ALL, TABLES or a setting name");
    }

    /** The format named after {@code EXPLAIN ANALYZE AS}, or an error if it is unknown. */
    static SqlExplainAnalyze.Format explainAnalyzeFormat(String name, Token nameToken)
            throws ParseException {
        SqlExplainAnalyze.Format format = SqlExplainAnalyze.Format.of(name);
        if (format == null) {
            throw at(
                    nameToken,
                    "Unknown EXPLAIN ANALYZE format '" + name + "'; expected TEXT or JSON");
        }
        return format;
    }

    /**
     * A parse exception at {@code offending}, as the generated parser would raise it: its {@code
     * currentToken} is the token before, so the error's position is the offending one's. No
     * expected-token list is given, so the message stays as written.
     */
    private static ParseException at(Token offending, String message) {
        ParseException e =
                new ParseException(
                        String.format(
                                Locale.ROOT,
                                "At line %d, column %d: %s",
                                offending.beginLine,
                                offending.beginColumn,
                                message));
        Token before = new Token();
        before.next = offending;
        e.currentToken = before;
        e.expectedTokenSequences = new int[0][];
        e.tokenImage = TallySqlParserImplConstants.tokenImage;
        return e;
    }
}
