package io.tally.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDescribeSchema;
import org.apache.calcite.sql.SqlDescribeTable;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.util.Litmus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tests the SQL that PostgreSQL and DuckDB users type: everyday column names that are keywords,
 * {@code EXPLAIN query}, {@code DESCRIBE}, {@code ::} casts, {@code GROUP BY ALL}, and one
 * read-only statement for everything that would write.
 */
class CompatibilityGrammarTest {
    /** The column names the issue names; each must be an identifier everywhere a column goes. */
    private static final List<String> EVERYDAY_NAMES =
            List.of(
                    "date",
                    "time",
                    "timestamp",
                    "day",
                    "month",
                    "year",
                    "hour",
                    "minute",
                    "second",
                    "value",
                    "user",
                    "count",
                    "position",
                    "name",
                    "type",
                    "text",
                    "language",
                    "result",
                    "data");

    private static final SqlAbstractParserImpl.Metadata METADATA =
            TallySqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();

    private static SqlSelect select(String sql) throws SqlParseException {
        SqlNode node = Parsing.tally(sql);
        return assertInstanceOf(
                SqlSelect.class,
                node instanceof SqlOrderBy ? ((SqlOrderBy) node).query : node,
                sql);
    }

    @Test
    void theIssuesQueryParsesWithEveryNameAnIdentifier() throws SqlParseException {
        SqlSelect s =
                select(
                        "SELECT date, value, user, count, year FROM (VALUES (DATE '2024-01-01',"
                                + " 1, 'a', 2, 2024)) AS t(date, value, user, count, year)");
        List<SqlNode> items = s.getSelectList().getList();
        // an identifier: the validator makes "user" the USER function unless a column has the name
        for (SqlNode item : items) {
            assertInstanceOf(SqlIdentifier.class, item);
        }
        SqlCall as = (SqlCall) s.getFrom();
        List<String> aliases = new ArrayList<>();
        for (SqlNode n : as.getOperandList().subList(2, as.operandCount())) {
            aliases.add(((SqlIdentifier) n).getSimple().toLowerCase(Locale.ROOT));
        }
        assertEquals(List.of("date", "value", "user", "count", "year"), aliases);
    }

    @Test
    void everydayNamesAreNonReservedKeywordsOrNoKeywordsAtAll() {
        for (String name : EVERYDAY_NAMES) {
            String word = name.toUpperCase(Locale.ROOT);
            assertFalse(METADATA.isReservedWord(word), word);
            assertTrue(!METADATA.isKeyword(word) || METADATA.isNonReservedKeyword(word), word);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT t.@, @ + 1 AS @ FROM t AS @(@) WHERE @ > 0 GROUP BY @ ORDER BY @",
                "SELECT a FROM @ AS x JOIN y ON x.@ = y.@",
                "SELECT a FROM t WHERE @ = 1 AND @ IS NOT NULL",
                "SELECT a FROM t ORDER BY @ DESC NULLS LAST",
                "WITH @ AS (SELECT 1 AS @) SELECT @ FROM @"
            })
    void everydayNamesWorkInEveryClause(String template) throws SqlParseException {
        for (String name : EVERYDAY_NAMES) {
            Parsing.tally(template.replace("@", name));
        }
    }

    /** Every non-reserved keyword names a column in a select list, an alias and a table. */
    @Test
    void everyNonReservedKeywordIsAColumnAliasAndTable() throws SqlParseException {
        int checked = 0;
        for (String word : METADATA.getTokens()) {
            if (METADATA.isNonReservedKeyword(word)) {
                String w = word.toLowerCase(Locale.ROOT);
                Parsing.tally(
                        "SELECT "
                                + w
                                + ", t."
                                + w
                                + " AS "
                                + w
                                + " FROM "
                                + w
                                + " AS t WHERE "
                                + w
                                + " > 0 ORDER BY "
                                + w);
                checked++;
            }
        }
        assertTrue(checked > 500, "non-reserved keywords: " + checked);
    }

    /** What PostgreSQL reserves stays reserved: those words would make SQL ambiguous. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "ALL",
                "AND",
                "AS",
                "CASE",
                "CAST",
                "FROM",
                "JOIN",
                "LIKE",
                "WHERE",
                "GROUP",
                "ORDER",
                "UNION",
                "CURRENT_DATE",
                "TRUE",
                "NULL",
                "EXISTS"
            })
    void postgresReservedWordsStayReserved(String word) {
        assertTrue(METADATA.isReservedWord(word), word);
        assertThrows(
                SqlParseException.class, () -> Parsing.tally("SELECT a AS " + word + " FROM t"));
    }

    @Test
    void keywordsKeepTheirMeaningWhereTheyAreKeywords() throws SqlParseException {
        String sql =
                "SELECT EXTRACT(YEAR FROM d), FLOOR(ts TO DAY), INTERVAL '1' DAY,"
                        + " DATE '2024-01-01', TIMESTAMP '2024-01-01 10:00:00', TIME '10:00:00',"
                        + " POSITION('a' IN s), COUNT(*) FILTER (WHERE x > 1), CAST(x AS DATE),"
                        + " PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) FROM t WHERE x BETWEEN 1 AND 2";
        assertEquals(Parsing.stock(sql).toString(), Parsing.tally(sql).toString());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT k, COUNT(*) FROM t GROUP BY k",
                "WITH w AS (SELECT 1 AS a) SELECT a FROM w",
                "VALUES (1)",
                "(SELECT 1) UNION (SELECT 2)"
            })
    void explainWithoutPlanForIsExplainPlanFor(String query) throws SqlParseException {
        SqlExplain plain = assertInstanceOf(SqlExplain.class, Parsing.tally("EXPLAIN " + query));
        SqlNode planFor = Parsing.tally("EXPLAIN PLAN FOR " + query);
        assertEquals(planFor.toString(), plain.toString());
        assertTrue(planFor.equalsDeep(plain, Litmus.THROW));
    }

    @Test
    void explainPlanForAndExplainAnalyzeKeepTheirGrammar() throws SqlParseException {
        assertTrue(
                Parsing.tally("EXPLAIN PLAN INCLUDING ALL ATTRIBUTES FOR SELECT 1")
                        .toString()
                        .startsWith(
                                "EXPLAIN PLAN INCLUDING ALL ATTRIBUTES WITH IMPLEMENTATION FOR"));
        assertInstanceOf(SqlExplainAnalyze.class, Parsing.tally("EXPLAIN ANALYZE SELECT 1"));
        assertInstanceOf(SqlExplainAnalyze.class, Parsing.tally("explain analyze select plan"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "DESCRIBE orders|orders|",
                "describe table orders|orders|",
                "DESCRIBE main.orders|main.orders|",
                "DESCRIBE value|value|",
                "DESCRIBE orders amount|orders|amount"
            })
    void describeTable(String sql, String table, String column) throws SqlParseException {
        SqlDescribeTable d = assertInstanceOf(SqlDescribeTable.class, Parsing.tally(sql));
        assertEquals(table, String.join(".", d.getTable().names).toLowerCase(Locale.ROOT));
        assertEquals(
                column,
                d.getColumn() == null ? null : d.getColumn().getSimple().toLowerCase(Locale.ROOT));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT a, b FROM t WHERE c > 1",
                "VALUES (1, 'x')",
                "WITH w AS (SELECT 1 AS a) SELECT a FROM w",
                "SELECT 1 UNION SELECT 2"
            })
    void describeQuery(String query) throws SqlParseException {
        for (String prefix : List.of("DESCRIBE ", "DESCRIBE STATEMENT ")) {
            SqlDescribeQuery d =
                    assertInstanceOf(SqlDescribeQuery.class, Parsing.tally(prefix + query));
            assertEquals(Parsing.stock(query).toString(), d.query().toString());
            assertEquals(SqlKind.OTHER, d.getKind());
        }
    }

    @Test
    void describeSchema() throws SqlParseException {
        SqlDescribeSchema d =
                assertInstanceOf(SqlDescribeSchema.class, Parsing.tally("DESCRIBE SCHEMA main"));
        assertEquals(List.of("MAIN"), d.getSchema().names);
    }

    @Test
    void doubleColonIsCalcitesInfixCast() throws SqlParseException {
        SqlSelect s =
                select(
                        "SELECT x::INTEGER, '1'::BIGINT + 1, -'2'::int, a + b::DOUBLE,"
                                + " (a + b)::VARCHAR(3), CAST(d AS VARCHAR)::DATE, c::DECIMAL(10, 2) FROM t");
        List<SqlNode> items = s.getSelectList().getList();
        SqlBasicCall cast = (SqlBasicCall) items.get(0);
        assertSame(SqlLibraryOperators.INFIX_CAST, cast.getOperator());
        assertEquals("INTEGER", cast.operand(1).toString());
        assertEquals(SqlKind.PLUS, items.get(1).getKind());
        assertEquals(SqlKind.CAST, ((SqlCall) items.get(1)).operand(0).getKind());
        assertEquals(SqlKind.MINUS_PREFIX, items.get(2).getKind());
        assertEquals(SqlKind.CAST, ((SqlCall) items.get(2)).operand(0).getKind());
        SqlCall plus = (SqlCall) items.get(3);
        assertEquals(SqlKind.PLUS, plus.getKind());
        assertEquals(SqlKind.CAST, plus.operand(1).getKind());
        assertEquals(SqlKind.PLUS, ((SqlCall) items.get(4)).operand(0).getKind());
        assertEquals("VARCHAR(3)", ((SqlCall) items.get(4)).operand(1).toString());
        assertEquals(SqlKind.CAST, ((SqlCall) items.get(5)).operand(0).getKind());
        assertEquals("DECIMAL(10, 2)", ((SqlCall) items.get(6)).operand(1).toString());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT a, COUNT(*) FROM t GROUP BY ALL",
                "SELECT a, COUNT(*) FROM t GROUP BY ALL HAVING COUNT(*) > 1",
                "SELECT a, COUNT(*) FROM t GROUP BY ALL ORDER BY a LIMIT 3",
                "SELECT a FROM t GROUP BY ALL UNION SELECT b FROM u",
                "SELECT * FROM (SELECT a, COUNT(*) AS n FROM t GROUP BY ALL) AS s",
                "SELECT a, COUNT(*) FROM t GROUP BY ALL;"
            })
    void groupByAllIsAPlaceholder(String sql) throws SqlParseException {
        List<SqlSelect> selects = new ArrayList<>();
        Parsing.tally(sql.replace(";", ""))
                .accept(
                        new SqlShuttle() {
                            @Override
                            public SqlNode visit(SqlCall call) {
                                if (call instanceof SqlSelect
                                        && ((SqlSelect) call).getGroup() != null) {
                                    selects.add((SqlSelect) call);
                                }
                                return super.visit(call);
                            }
                        });
        assertEquals(1, selects.size(), sql);
        SqlNodeList group = selects.get(0).getGroup();
        assertTrue(SqlGroupByAll.isPlaceholder(group), group.toString());
    }

    @Test
    void groupByAllBeforeAListIsTheSetQuantifier() throws SqlParseException {
        String sql = "SELECT a, COUNT(*) FROM t GROUP BY ALL a, b";
        SqlSelect s = select(sql);
        assertFalse(SqlGroupByAll.isPlaceholder(s.getGroup()));
        assertEquals(Parsing.stock(sql).toString(), s.toString());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "INSERT INTO t VALUES (1)|INSERT",
                "insert into t select * from u|INSERT",
                "UPSERT INTO t VALUES (1)|UPSERT",
                "UPDATE t SET a = 1|UPDATE",
                "DELETE FROM t WHERE a = 1|DELETE",
                "MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE|MERGE",
                "CREATE TABLE t (a INT)|CREATE TABLE",
                "create view v as select 1|CREATE VIEW",
                "CREATE OR REPLACE VIEW v AS SELECT 1|CREATE",
                "DROP TABLE t|DROP TABLE",
                "ALTER TABLE t ADD COLUMN c INT|ALTER TABLE",
                "TRUNCATE TABLE t|TRUNCATE",
                "GRANT SELECT ON t TO u|GRANT",
                "REVOKE SELECT ON t FROM u|REVOKE",
                "EXPLAIN INSERT INTO t VALUES (1)|INSERT",
                "DESCRIBE DELETE FROM t|DELETE",
                "INSERT INTO t VALUES (1|INSERT"
            })
    void statementsThatWouldWriteAreReadOnlyErrors(String sql, String verb)
            throws SqlParseException {
        SqlReadOnlyStatement r = assertInstanceOf(SqlReadOnlyStatement.class, Parsing.tally(sql));
        assertEquals(verb, r.verb());
        assertEquals("Tally is read-only: " + verb + " is not supported", r.message());
    }

    @Test
    void alterSessionStillSetsASetting() throws SqlParseException {
        assertEquals(SqlKind.SET_OPTION, Parsing.tally("ALTER SESSION SET threads = 2").getKind());
        assertEquals(SqlKind.SET_OPTION, Parsing.tally("ALTER SYSTEM RESET ALL").getKind());
    }

    @Test
    void readOnlyStatementsEndAtASemicolonInAList() throws SqlParseException {
        SqlNodeList list = Parsing.tallyList("INSERT INTO t VALUES (1); SELECT 1");
        assertEquals(2, list.size());
        assertInstanceOf(SqlReadOnlyStatement.class, list.get(0));
        assertInstanceOf(SqlSelect.class, list.get(1));
    }
}
