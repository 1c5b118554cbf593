<#--
  Tally's file table reference, included into Calcite's Parser.jj by FMPP (see ../config.fmpp).
  The build (calcite-agg-adapter/pom.xml, execution "hook-file-table-ref") makes Calcite's empty
  ExtendedTableRef() production, the last choice of a FROM item, call TallyFileTableRef().
-->

/**
 * Parses a string literal in FROM, a file path or glob ({@code FROM 'data/*.csv'}), as the table
 * function call {@code TABLE(read_file('path'))}. Unless an alias follows, the table is named
 * after the file's stem (as DuckDB does), so {@code FROM 'orders.csv'} can be referred to as
 * {@code orders}.
 */
SqlNode TallyFileTableRef() :
{
    final SqlNode path;
}
{
    path = StringLiteral()
    {
        final SqlParserPos pos = path.getParserPosition();
        final SqlNode call = SqlStdOperatorTable.COLLECTION_TABLE.createCall(pos,
            createCall(new SqlIdentifier(io.tally.parser.FileTableRefs.FUNCTION, pos), pos,
                SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION, null,
                java.util.Collections.singletonList(path)));
        switch (getToken(1).kind) {
        case EOF: case SEMICOLON: case COMMA: case RPAREN: case WHERE: case GROUP: case HAVING:
        case ORDER: case LIMIT: case OFFSET: case FETCH: case WINDOW: case QUALIFY:
        case JOIN: case INNER: case LEFT: case RIGHT: case FULL: case CROSS: case NATURAL:
        case ON: case USING: case UNION: case EXCEPT: case INTERSECT: case MINUS:
        case TABLESAMPLE: case MATCH_RECOGNIZE: case PIVOT: case UNPIVOT:
            return SqlStdOperatorTable.AS.createCall(pos, call,
                new SqlIdentifier(io.tally.parser.FileTableRefs.alias(path), pos));
        default:
            return call; // TableRef3 reads the alias that follows
        }
    }
}
