<#--
  Tally's grammar productions, included into Calcite's Parser.jj by FMPP
  (see ../config.fmpp). Error messages are built by io.tally.parser.TallyParseErrors.
-->

/**
 * Parses {@code EXPLAIN ANALYZE [AS TEXT | AS JSON] query}: the query is run
 * and reported with its runtime metrics. DML is rejected here, at the
 * statement keyword, because EXPLAIN ANALYZE would have to execute it.
 */
SqlNode SqlExplainAnalyze() :
{
    final Span s;
    SqlExplainAnalyze.Format format = SqlExplainAnalyze.Format.TEXT;
    final SqlNode query;
}
{
    <EXPLAIN> { s = span(); } <ANALYZE>
    [ <AS> format = ExplainAnalyzeFormat() ]
    (
        query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    |
        ( <INSERT> | <UPSERT> | <UPDATE> | <DELETE> | <MERGE> ) {
            throw TallyParseErrors.explainAnalyzeOfDml(token);
        }
    |
        ( <EOF> | <SEMICOLON> ) {
            throw TallyParseErrors.explainAnalyzeWithoutQuery(token);
        }
    )
    {
        return new SqlExplainAnalyze(s.end(query), query, format);
    }
}

/** Parses the output format after {@code EXPLAIN ANALYZE AS}: TEXT or JSON. */
SqlExplainAnalyze.Format ExplainAnalyzeFormat() :
{
    final SqlIdentifier name;
}
{
    name = SimpleIdentifier() {
        return TallyParseErrors.explainAnalyzeFormat(name.getSimple(), token);
    }
}

/**
 * Parses {@code SHOW ALL}, {@code SHOW TABLES} and {@code SHOW name}, where
 * name is a (possibly compound) setting name.
 */
SqlNode SqlShow() :
{
    final Span s;
    final SqlIdentifier name;
}
{
    <SHOW> { s = span(); }
    (
        <ALL> {
            return SqlShow.allSettings(s.end(this));
        }
    |
        LOOKAHEAD(1)
        <TABLES> {
            return SqlShow.tables(s.end(this));
        }
    |
        name = CompoundIdentifier() {
            return SqlShow.setting(s.end(name), name);
        }
    |
        ( <EOF> | <SEMICOLON> ) {
            throw TallyParseErrors.showWithoutSubject(token);
        }
    )
}
