package io.tally.parser;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserImplFactory;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;

/**
 * Parses SQL with Tally's parser or with Calcite's stock parser, the way a connection does: {@code
 * SqlParser.create(sql, SqlParser.config().withParserFactory(TallySqlParserImpl.FACTORY))}.
 */
final class Parsing {
    private Parsing() {}

    /** Parses one statement with Tally's parser. */
    static SqlNode tally(String sql) throws SqlParseException {
        return parser(sql, TallySqlParserImpl.FACTORY).parseStmt();
    }

    /** Parses a ';'-separated statement list with Tally's parser. */
    static SqlNodeList tallyList(String sql) throws SqlParseException {
        return parser(sql, TallySqlParserImpl.FACTORY).parseStmtList();
    }

    /** Parses one statement with Calcite's stock parser. */
    static SqlNode stock(String sql) throws SqlParseException {
        return parser(sql, SqlParserImpl.FACTORY).parseStmt();
    }

    private static SqlParser parser(String sql, SqlParserImplFactory factory) {
        return SqlParser.create(sql, SqlParser.config().withParserFactory(factory));
    }
}
