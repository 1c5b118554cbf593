<#--
  Tally's COPY statement, included into Calcite's Parser.jj by FMPP (see ../config.fmpp).
-->

/**
 * Parses {@code COPY (query) TO 'path' [(option [value], ...)]}, DuckDB's export statement:
 * the query's rows are written to a file. An option is a name and an optional value (a literal
 * or a bare word: {@code FORMAT parquet, COMPRESSION 'zstd', HEADER}); a bare flag means true.
 * The positions of the query's parentheses are kept so that the query can be prepared from the
 * statement's own text.
 */
SqlNode SqlCopyTo() :
{
    final Span s;
    final SqlParserPos open;
    final SqlNode query;
    final SqlParserPos close;
    final SqlNode path;
    final List<String> settings = new ArrayList<String>();
}
{
    <COPY> { s = span(); }
    <LPAREN> { open = getPos(); }
    query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    <RPAREN> { close = getPos(); }
    <TO> path = StringLiteral()
    [
        <LPAREN> CopyOption(settings) ( <COMMA> CopyOption(settings) )* <RPAREN>
    ]
    {
        return new SqlCopyTo(s.end(this), query, open, close, path, settings);
    }
}

/**
 * Parses one COPY option into {@code settings} (names and values alternate): a name, then maybe a
 * literal or a word.
 */
void CopyOption(List<String> settings) :
{
    final String name;
    String value = "true";
    final SqlNode literal;
    final SqlIdentifier key;
    final SqlIdentifier word;
}
{
    (
        key = SimpleIdentifier() { name = key.getSimple(); }
    |
        <NULL> { name = "NULL"; }
    )
    [
        literal = Literal() { value = SqlCopyTo.optionText(literal); }
    |
        word = SimpleIdentifier() { value = word.getSimple(); }
    ]
    {
        if (!SqlCopyTo.addOption(settings, name, value)) {
            throw new ParseException("COPY option " + name + " is given twice");
        }
    }
}
