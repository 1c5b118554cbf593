package io.tally.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.util.Litmus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tests that statements other than Tally's own parse exactly as with Calcite's stock parser ({@code
 * SqlParserImpl.FACTORY}): same tree, same unparsed text; and bad ones fail alike, at the same
 * token (the lists of expected tokens differ: Tally takes more keywords as identifiers). Statements
 * that would write are Tally's own (see {@link CompatibilityGrammarTest}).
 */
class CalciteCompatibilityTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT k, COUNT(*), SUM(v) FROM t GROUP BY k HAVING COUNT(*) > 1",
                "SELECT a, b, SUM(c) FROM t GROUP BY GROUPING SETS ((a, b), (a), ())",
                "SELECT a, b, GROUPING(a, b), SUM(c) FROM t GROUP BY ROLLUP(a, b)",
                "SELECT a, b, COUNT(*) FROM t GROUP BY CUBE(a, b)",
                "SELECT k, COUNT(*) FILTER (WHERE v > 0), SUM(v) FILTER (WHERE v < 0) FROM t GROUP BY k",
                "SELECT k, PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY v) FROM t GROUP BY k",
                "SELECT k, LISTAGG(DISTINCT s, ',') WITHIN GROUP (ORDER BY s DESC) FROM t GROUP BY k",
                "SELECT k, COUNT(DISTINCT v), AVG(CAST(v AS DOUBLE)) FROM t GROUP BY k ORDER BY 2 LIMIT 5",
                "SELECT k, SUM(v) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)"
                        + " FROM t",
                "WITH a AS (SELECT 1 AS x), b AS (SELECT x FROM a) SELECT * FROM b",
                "SELECT * FROM t JOIN u USING (k) LEFT JOIN w ON u.k = w.k WHERE t.x IS NOT NULL",
                "SELECT CASE WHEN a > 1 THEN 'x' ELSE 'y' END, a || 'z', INTERVAL '1' DAY FROM t",
                "VALUES (1, 'a'), (2, 'b')",
                "SELECT * FROM TABLE(ramp(3))",
                "EXPLAIN PLAN FOR SELECT * FROM t",
                "EXPLAIN PLAN AS JSON FOR SELECT k, COUNT(*) FROM t GROUP BY k",
                "EXPLAIN PLAN INCLUDING ALL ATTRIBUTES WITH IMPLEMENTATION FOR SELECT 1",
                "EXPLAIN PLAN WITHOUT IMPLEMENTATION FOR INSERT INTO t VALUES (1)",
                "EXPLAIN PLAN AS DOT FOR SELECT 1",
                "SET block_size = 1024",
                "SET spill_format = 'binary'",
                "SET x.y = ON",
                "RESET memory_limit",
                "RESET ALL",
                "ALTER SESSION SET threads = 2",
                "ALTER SYSTEM RESET ALL",
                "DESCRIBE TABLE t",
                "SELECT \"analyze\", \"TABLES\" FROM \"SHOW\"",
                "SELECT analyze, tables FROM t AS analyze"
            })
    void parsesAsCalciteDoes(String sql) throws SqlParseException {
        SqlNode stock = Parsing.stock(sql);
        SqlNode tally = Parsing.tally(sql);
        assertEquals(stock.getClass(), tally.getClass(), sql);
        assertEquals(stock.getKind(), tally.getKind(), sql);
        assertEquals(stock.toString(), tally.toString(), sql);
        assertTrue(stock.equalsDeep(tally, Litmus.THROW), sql);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT FROM t",
                "SELECT a FROM t GROUP BY",
                "SELECT 1 + FROM t",
                "EXPLAIN PLAN SELECT 1",
                "SELECT a FROM t WHERE",
                "SELECT 'abc FROM t",
                "SELECT # FROM t",
                "SET = 1",
                "1 + 2"
            })
    void failsAsCalciteDoes(String sql) {
        SqlParseException stock = assertThrows(SqlParseException.class, () -> Parsing.stock(sql));
        SqlParseException tally = assertThrows(SqlParseException.class, () -> Parsing.tally(sql));
        assertEquals(firstLine(stock.getMessage()), firstLine(tally.getMessage()), sql);
        assertEquals(stock.getPos(), tally.getPos(), sql);
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
