package io.tally.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.util.Litmus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Tests parsing and unparsing of Tally's statements: EXPLAIN ANALYZE and SHOW. */
class TallyGrammarTest {
    private static SqlExplainAnalyze explainAnalyze(String sql) throws SqlParseException {
        return assertInstanceOf(SqlExplainAnalyze.class, Parsing.tally(sql));
    }

    private static SqlShow show(String sql) throws SqlParseException {
        return assertInstanceOf(SqlShow.class, Parsing.tally(sql));
    }

    /** Unparsing (in Calcite's dialect) then parsing again gives the same tree and text. */
    private static void assertRoundTrips(SqlNode node) throws SqlParseException {
        SqlNode again = Parsing.tally(node.toSqlString(CalciteSqlDialect.DEFAULT).getSql());
        assertTrue(node.equalsDeep(again, Litmus.THROW));
        assertEquals(node.toString(), again.toString());
    }

    @Test
    void explainAnalyzeDefaultsToText() throws SqlParseException {
        SqlExplainAnalyze e =
                explainAnalyze("explain analyze select k, count(*) from t group by k");
        assertEquals(SqlExplainAnalyze.Format.TEXT, e.format());
        assertEquals(SqlKind.OTHER, e.getKind());
        assertInstanceOf(SqlSelect.class, e.query());
        assertEquals(
                Parsing.stock("select k, count(*) from t group by k").toString(),
                e.query().toString());
        assertEquals("EXPLAIN ANALYZE\nSELECT `K`, COUNT(*)\nFROM `T`\nGROUP BY `K`", e.toString());
        assertRoundTrips(e);
    }

    @Test
    void explainAnalyzeAsJson() throws SqlParseException {
        SqlExplainAnalyze e = explainAnalyze("EXPLAIN ANALYZE AS JSON SELECT 1");
        assertEquals(SqlExplainAnalyze.Format.JSON, e.format());
        assertEquals("EXPLAIN ANALYZE AS JSON\nSELECT 1", e.toString());
        assertRoundTrips(e);
    }

    @ParameterizedTest
    @ValueSource(strings = {"AS TEXT", "as text", "AS \"text\""})
    void explainAnalyzeAsTextIsTheDefaultFormat(String as) throws SqlParseException {
        SqlExplainAnalyze e = explainAnalyze("EXPLAIN ANALYZE " + as + " SELECT 1");
        assertEquals(SqlExplainAnalyze.Format.TEXT, e.format());
        assertEquals("EXPLAIN ANALYZE\nSELECT 1", e.toString());
    }

    /** Every query shape is accepted and is the same tree Calcite's parser builds for it. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT a FROM t WHERE b > 1",
                "WITH w AS (SELECT a FROM t) SELECT a FROM w",
                "VALUES (1, 'x'), (2, 'y')",
                "SELECT a FROM t UNION ALL SELECT a FROM u",
                "(SELECT a FROM t) EXCEPT (SELECT a FROM u)",
                "SELECT a, SUM(b) FROM t GROUP BY a ORDER BY 2 DESC LIMIT 10 OFFSET 5",
                "SELECT a FROM t ORDER BY a OFFSET 3 ROWS FETCH NEXT 2 ROWS ONLY",
                "TABLE t",
                "SELECT * FROM (SELECT a FROM t) AS s(x) WHERE x IN (SELECT a FROM u)"
            })
    void explainAnalyzeAcceptsEveryQuery(String query) throws SqlParseException {
        for (String prefix : List.of("EXPLAIN ANALYZE ", "EXPLAIN ANALYZE AS JSON ")) {
            SqlExplainAnalyze e = explainAnalyze(prefix + query);
            assertEquals(Parsing.stock(query).toString(), e.query().toString(), prefix + query);
            assertTrue(e.query().equalsDeep(Parsing.stock(query), Litmus.THROW));
            assertRoundTrips(e);
        }
    }

    @Test
    void explainAnalyzeKeepsOrderByAndWith() throws SqlParseException {
        assertInstanceOf(
                SqlOrderBy.class,
                explainAnalyze("EXPLAIN ANALYZE SELECT a FROM t ORDER BY a LIMIT 1").query());
        assertInstanceOf(
                SqlWith.class,
                explainAnalyze("EXPLAIN ANALYZE WITH w AS (VALUES 1) SELECT * FROM w").query());
    }

    @Test
    void explainAnalyzePositionSpansTheStatement() throws SqlParseException {
        SqlExplainAnalyze e = explainAnalyze("  EXPLAIN ANALYZE\nSELECT 1 FROM t");
        SqlParserPos pos = e.getParserPosition();
        assertEquals(1, pos.getLineNum());
        assertEquals(3, pos.getColumnNum());
        assertEquals(2, pos.getEndLineNum());
        assertEquals(15, pos.getEndColumnNum());
    }

    @Test
    void explainAnalyzeCopiesThroughShuttle() throws SqlParseException {
        SqlExplainAnalyze e = explainAnalyze("EXPLAIN ANALYZE AS JSON SELECT a FROM t");
        SqlNode copy =
                e.accept(
                        new SqlShuttle() {
                            @Override
                            public SqlNode visit(SqlIdentifier id) {
                                return id.getSimple().equals("T")
                                        ? new SqlIdentifier("U", id.getParserPosition())
                                        : id;
                            }
                        });
        SqlExplainAnalyze c = assertInstanceOf(SqlExplainAnalyze.class, copy);
        assertEquals(SqlExplainAnalyze.Format.JSON, c.format());
        assertEquals("EXPLAIN ANALYZE AS JSON\nSELECT `A`\nFROM `U`", c.toString());
        assertEquals("EXPLAIN ANALYZE AS JSON\nSELECT `A`\nFROM `T`", e.toString());
    }

    @Test
    void showOneSetting() throws SqlParseException {
        SqlShow s = show("show memory_limit");
        assertEquals(SqlShow.Subject.SETTING, s.subject());
        assertEquals(List.of("MEMORY_LIMIT"), s.name().names);
        assertFalse(s.isTables());
        assertEquals("SHOW `MEMORY_LIMIT`", s.toString());
        assertRoundTrips(s);
    }

    @Test
    void showCompoundAndQuotedSettingNames() throws SqlParseException {
        assertEquals(
                List.of("CALCITE", "CONFORMANCE"), show("SHOW calcite.conformance").name().names);
        assertEquals(List.of("block_size"), show("SHOW \"block_size\"").name().names);
        // Quoted, TABLES is a name, not the keyword.
        SqlShow quoted = show("SHOW \"TABLES\"");
        assertEquals(SqlShow.Subject.SETTING, quoted.subject());
        assertEquals(List.of("TABLES"), quoted.name().names);
        assertRoundTrips(quoted);
    }

    @Test
    void showAll() throws SqlParseException {
        SqlShow s = show("SHOW ALL");
        assertEquals(SqlShow.Subject.ALL_SETTINGS, s.subject());
        assertNull(s.name());
        assertEquals("SHOW ALL", s.toString());
        assertRoundTrips(s);
    }

    @Test
    void showTables() throws SqlParseException {
        SqlShow s = show("show tables");
        assertTrue(s.isTables());
        assertNull(s.name());
        assertEquals("SHOW TABLES", s.toString());
        assertRoundTrips(s);
    }

    @Test
    void statementListMixesTallyAndCalciteStatements() throws SqlParseException {
        SqlNodeList list =
                Parsing.tallyList(
                        "SET block_size = 1024; SHOW block_size; EXPLAIN ANALYZE SELECT 1; RESET ALL");
        assertEquals(4, list.size());
        assertEquals(SqlKind.SET_OPTION, list.get(0).getKind());
        assertInstanceOf(SqlShow.class, list.get(1));
        assertInstanceOf(SqlExplainAnalyze.class, list.get(2));
        assertEquals(SqlKind.SET_OPTION, list.get(3).getKind());
    }

    /** ANALYZE, SHOW and TABLES are non-reserved: they still name columns, tables and aliases. */
    @Test
    void newKeywordsAreNotReserved() throws SqlParseException {
        String sql =
                "SELECT analyze, tables, show, analyze + 1 AS tables "
                        + "FROM tables AS analyze WHERE show > 0 ORDER BY tables";
        SqlNode node = Parsing.tally(sql);
        assertInstanceOf(SqlOrderBy.class, node);
        SqlSelect select = assertInstanceOf(SqlSelect.class, ((SqlOrderBy) node).query);
        assertEquals(List.of("ANALYZE"), ((SqlIdentifier) select.getSelectList().get(0)).names);
        assertEquals(List.of("TABLES"), ((SqlIdentifier) select.getSelectList().get(1)).names);
        assertEquals(List.of("SHOW"), ((SqlIdentifier) select.getSelectList().get(2)).names);
        assertEquals(SqlKind.AS, ((SqlBasicCall) select.getFrom()).getKind());
        // Calcite reserves SHOW, but the rest of the statement parses as Calcite parses it.
        String calciteSql = sql.replace("show", "\"SHOW\"");
        assertEquals(Parsing.stock(calciteSql).toString(), node.toString());
    }

    @Test
    void explainAnalyzeOfAColumnNamedAnalyze() throws SqlParseException {
        SqlExplainAnalyze e = explainAnalyze("EXPLAIN ANALYZE SELECT analyze FROM t");
        assertEquals("EXPLAIN ANALYZE\nSELECT `ANALYZE`\nFROM `T`", e.toString());
        assertRoundTrips(e);
    }

    @Test
    void metadataKnowsTheKeywordsAsNonReserved() {
        var metadata = TallySqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();
        for (String keyword : List.of("ANALYZE", "SHOW", "TABLES")) {
            assertTrue(metadata.isKeyword(keyword), keyword);
            assertTrue(metadata.isNonReservedKeyword(keyword), keyword);
            assertFalse(metadata.isReservedWord(keyword), keyword);
        }
    }
}
