package io.tally.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.util.Litmus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The standard aggregates whose names Calcite's grammar reserves without a function (CORR and the
 * REGR_ family) parse as ordinary calls, with FILTER and OVER, and stay usable as names.
 */
class AggregateGrammarTest {
    private static final String[] NEW_NAMES = {
        "CORR", "REGR_AVGX", "REGR_AVGY", "REGR_INTERCEPT", "REGR_R2", "REGR_SLOPE", "REGR_SXY"
    };

    /** The first select item of {@code sql}. */
    private static SqlNode firstItem(String sql) throws SqlParseException {
        SqlSelect select = assertInstanceOf(SqlSelect.class, Parsing.tally(sql));
        return select.getSelectList().get(0);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "CORR",
                "REGR_AVGX",
                "REGR_AVGY",
                "REGR_INTERCEPT",
                "REGR_R2",
                "REGR_SLOPE",
                "REGR_SXY",
                "corr",
                "regr_slope"
            })
    void standardAggregateParsesAsACall(String name) throws SqlParseException {
        assertThrows(
                SqlParseException.class,
                () -> Parsing.stock("SELECT " + name + "(y, x) FROM t"),
                "Calcite's own parser rejects "
                        + name
                        + "; if it no longer does, drop it from config.fmpp");
        SqlBasicCall call =
                assertInstanceOf(SqlBasicCall.class, firstItem("SELECT " + name + "(y, x) FROM t"));
        assertEquals(name.toUpperCase(Locale.ROOT), call.getOperator().getName());
        assertEquals(2, call.operandCount());
        assertEquals("Y", call.operand(0).toString());
        assertEquals("X", call.operand(1).toString());
    }

    @Test
    void filterDistinctAndOverApply() throws SqlParseException {
        SqlCall filtered =
                assertInstanceOf(
                        SqlCall.class, firstItem("SELECT CORR(y, x) FILTER (WHERE x > 0) FROM t"));
        assertEquals(SqlKind.FILTER, filtered.getKind());
        SqlCall windowed =
                assertInstanceOf(
                        SqlCall.class,
                        firstItem("SELECT REGR_SLOPE(y, x) OVER (PARTITION BY k) FROM t"));
        assertEquals(SqlKind.OVER, windowed.getKind());
        SqlBasicCall distinct =
                assertInstanceOf(
                        SqlBasicCall.class, firstItem("SELECT REGR_SXY(DISTINCT y, x) FROM t"));
        assertTrue(distinct.getFunctionQuantifier() != null);
    }

    @Test
    void namesStayUsableAsIdentifiers() throws SqlParseException {
        for (String name : NEW_NAMES) {
            SqlSelect select =
                    assertInstanceOf(
                            SqlSelect.class,
                            Parsing.tally("SELECT " + name + " FROM " + name + " AS " + name));
            assertEquals(name, select.getSelectList().get(0).toString());
        }
    }

    @Test
    void unparsedCallParsesAgain() throws SqlParseException {
        SqlNode node =
                Parsing.tally(
                        "SELECT k, REGR_INTERCEPT(y, x), CORR(DISTINCT y, x)"
                                + " FROM t GROUP BY k");
        SqlNode again = Parsing.tally(node.toSqlString(CalciteSqlDialect.DEFAULT).getSql());
        assertTrue(node.equalsDeep(again, Litmus.THROW));
    }
}
