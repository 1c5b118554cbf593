<#--
  Statements and operators that PostgreSQL and DuckDB users expect, included into Calcite's
  Parser.jj by FMPP (see ../config.fmpp): EXPLAIN without PLAN FOR, DESCRIBE of a table or a
  query, the :: cast, and one read-only error for every statement that would write.
-->

/**
 * Parses {@code EXPLAIN query}: the query's physical plan, as {@code EXPLAIN PLAN FOR query}
 * gives it. {@code EXPLAIN PLAN ...} and {@code EXPLAIN ANALYZE ...} are left to their own
 * productions: the semantic lookahead is also evaluated while the statement-level
 * {@code LOOKAHEAD(2)} scans, so this production does not match them.
 */
SqlNode SqlExplainQuery() :
{
    final Span s;
    final SqlNode query;
    final String verb;
}
{
    <EXPLAIN> { s = span(); }
    (
        verb = WriteVerb() {
            return ReadOnlyRest(s, verb);
        }
    |
        LOOKAHEAD({ getToken(1).kind != PLAN && getToken(1).kind != ANALYZE })
        query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY) {
            return new SqlExplain(s.end(query), query,
                SqlExplainLevel.EXPPLAN_ATTRIBUTES.symbol(SqlParserPos.ZERO),
                SqlExplain.Depth.PHYSICAL.symbol(SqlParserPos.ZERO),
                SqlExplainFormat.TEXT.symbol(SqlParserPos.ZERO),
                nDynamicParams);
        }
    )
}

/**
 * Parses {@code DESCRIBE [TABLE] name}, {@code DESCRIBE [STATEMENT] query} and
 * {@code DESCRIBE SCHEMA name}. A name alone (a table) is told from a query by looking ahead
 * to the end of the statement, so a table may be named by a non-reserved keyword
 * ({@code DESCRIBE value}).
 */
SqlNode SqlDescribeTally() :
{
    final Span s;
    final SqlIdentifier name;
    SqlIdentifier column = null;
    final SqlNode query;
    final String verb;
}
{
    <DESCRIBE> { s = span(); }
    (
        LOOKAHEAD(2)
        ( <DATABASE> | <CATALOG> | <SCHEMA> ) name = CompoundIdentifier() {
            return new SqlDescribeSchema(s.end(name), name);
        }
    |
        LOOKAHEAD([ <TABLE> ] CompoundIdentifier() [ SimpleIdentifier() ] ( <EOF> | <SEMICOLON> ))
        [ <TABLE> ]
        name = CompoundIdentifier()
        [ column = SimpleIdentifier() ] {
            return new SqlDescribeTable(s.add(name).addIf(column).pos(), name, column);
        }
    |
        verb = WriteVerb() {
            return ReadOnlyRest(s, verb);
        }
    |
        [ LOOKAHEAD(2) <STATEMENT> ]
        query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY) {
            return new SqlDescribeQuery(s.end(query), query);
        }
    )
}

/**
 * Parses any statement that would change data or schema (INSERT, UPDATE, DELETE, MERGE,
 * CREATE, DROP, ALTER other than {@code ALTER SYSTEM|SESSION SET}, TRUNCATE, GRANT, REVOKE)
 * into one {@link SqlReadOnlyStatement}: Tally is read-only, so it says that, not what is
 * wrong with the rest of the statement.
 */
SqlNode SqlReadOnlyStatement() :
{
    final Span s;
    final String verb;
}
{
    { s = span(); }
    (
        verb = WriteVerb()
    |
        ( <CREATE> | <DROP> | <TRUNCATE> | <GRANT> | <REVOKE> ) { verb = token.image; }
    |
        LOOKAHEAD({ getToken(1).kind == ALTER
            && getToken(2).kind != SYSTEM && getToken(2).kind != SESSION })
        <ALTER> { verb = token.image; }
    )
    { return ReadOnlyRest(s, verb); }
}

/** Parses the keyword of a DML statement and returns it as written. */
String WriteVerb() :
{
}
{
    ( <INSERT> | <UPSERT> | <UPDATE> | <DELETE> | <MERGE> ) {
        return token.image;
    }
}

/**
 * Skips the rest of a statement that would write, after its verb (and, for CREATE, DROP and
 * ALTER, names what it would write: {@code CREATE TABLE}).
 */
JAVACODE SqlNode ReadOnlyRest(Span s, String verb) {
    String what = verb;
    int next = getToken(1).kind;
    if ((token.kind == CREATE || token.kind == DROP || token.kind == ALTER)
        && next != EOF && next != SEMICOLON && next != OR) {
        what = verb + " " + getToken(1).image;
    }
    while (getToken(1).kind != EOF && getToken(1).kind != SEMICOLON) {
        getNextToken();
    }
    return new SqlReadOnlyStatement(s.end(this), what);
}

/** Parses PostgreSQL's cast {@code expr::type} into Calcite's {@code ::} operator. */
void DoubleColonCast(List<Object> list, ExprContext exprContext, Span s) :
{
    final SqlParserPos pos;
    final SqlDataTypeSpec type;
}
{
    <DOUBLE_COLON> {
        checkNonQueryExpression(exprContext);
        pos = getPos();
    }
    type = DataType() {
        list.add(new SqlParserUtil.ToTreeListItem(SqlLibraryOperators.INFIX_CAST, pos));
        list.add(type);
    }
}
