package io.tally.jdbc;

import static org.apache.calcite.util.Static.RESOURCE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.tally.batch.QueryCancelledException;
import io.tally.batch.TallyException;
import io.tally.memory.MemoryLimitExceededException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientException;
import java.util.List;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.apache.calcite.runtime.Resources;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Test;

/** Failures of every origin become the SQLException, SQLState and one line a client sees. */
class SqlErrorsTest {
    private static final SqlParserPos POS = new SqlParserPos(1, 15, 1, 20);

    private static SQLException assertMapped(Throwable t, String state, String message) {
        SQLException e = SqlErrors.of(t);
        assertEquals(state, e.getSQLState(), e.getMessage());
        assertEquals(message, e.getMessage());
        return e;
    }

    private static Throwable validation(Resources.ExInst<?> error) {
        return new RuntimeException("wrapper", SqlUtil.newContextException(POS, error));
    }

    @Test
    void divisionByZeroInAConstantFoldedAtClassInitialization() {
        Throwable t = new ExceptionInInitializerError(new ArithmeticException("/ by zero"));
        assertInstanceOf(SQLDataException.class, assertMapped(t, "22012", "Division by zero"));
        assertMapped(new ArithmeticException("Division by zero"), "22012", "Division by zero");
        assertMapped(
                new ArithmeticException("BigInteger divide by zero"), "22012", "Division by zero");
    }

    @Test
    void overflowKeepsTallysWordsAroundTheJavaError() {
        Throwable t =
                new RuntimeException(
                        new TallyException(
                                "SUM overflowed in aggregate 's' (BIGINT)",
                                new ArithmeticException("long overflow")));
        assertMapped(t, "22003", "SUM overflowed in aggregate 's' (BIGINT)");
        assertMapped(
                new ArithmeticException("Value 9999999999 out of range"),
                "22003",
                "Numeric value out of range: Value 9999999999 out of range");
    }

    @Test
    void badCastsAndDates() {
        assertMapped(
                new NumberFormatException("For input string: \"abc\""),
                "22018",
                "Invalid number: 'abc'");
        assertMapped(
                new IllegalArgumentException("Invalid DATE value, 'abc'"),
                "22007",
                "Invalid DATE value, 'abc'");
        assertMapped(
                new IllegalArgumentException("numbers(n): n must be zero or positive, but was -5"),
                "22023",
                "numbers(n): n must be zero or positive, but was -5");
    }

    @Test
    void syntaxErrorsAreFirstLineWithPosition() {
        SqlParseException parse =
                assertThrows(
                        SqlParseException.class,
                        () -> SqlParser.create("select from t").parseStmt());
        SQLException e =
                assertMapped(
                        new RuntimeException("parse failed: x", parse),
                        "42601",
                        parse.getMessage().split("\n")[0]);
        assertInstanceOf(SQLSyntaxErrorException.class, e);
        SqlParseException noPosition =
                assertThrows(
                        SqlParseException.class, () -> SqlParser.create("selec 1").parseStmt());
        assertMapped(
                noPosition,
                "42601",
                "Non-query expression encountered in illegal context" + " (at line 1, column 1)");
    }

    @Test
    void validationErrorsByCalcitesOwnTemplates() {
        String at = "From line 1, column 15 to line 1, column 20: ";
        assertMapped(
                validation(RESOURCE.objectNotFound("nosuch")),
                "42P01",
                at + "Object 'nosuch' not found");
        assertMapped(
                validation(RESOURCE.columnNotFound("x")),
                "42703",
                at + "Column 'x' not found in any table");
        assertMapped(
                validation(RESOURCE.columnNotFoundInTable("x", "t")),
                "42703",
                at + "Column 'x' not found in table 't'");
        assertMapped(
                validation(RESOURCE.validatorUnknownFunction("f(<NUMERIC>)")),
                "42883",
                at + "No match found for function signature f(<NUMERIC>)");
        assertMapped(
                validation(RESOURCE.notGroupExpr("x")),
                "42803",
                at + "Expression 'x' is not being grouped");
        assertMapped(
                validation(RESOURCE.columnAmbiguous("x")), "42702", at + "Column 'x' is ambiguous");
        assertMapped(
                validation(TallyResource.RESOURCE.dateTruncUnknownUnit("fortnight", "day")),
                "22023",
                at + "Unknown date_trunc unit 'fortnight'; expected one of day");
        assertMapped(
                validation(RESOURCE.aggregateIllegalInClause("WHERE")),
                "42000",
                at + "Aggregate expression is illegal in WHERE clause");
    }

    @Test
    void cancelMemoryAndStack() {
        assertMapped(
                new RuntimeException(new QueryCancelledException("Agg#1")),
                "57014",
                "Query cancelled");
        assertMapped(new SQLException("Statement canceled"), "57014", "Query cancelled");
        SQLException memory =
                assertMapped(
                        new MemoryLimitExceededException(
                                "Operator Agg#3 exceeded memory_limit 64.0 KiB"),
                        "53200",
                        "Operator Agg#3 exceeded memory_limit 64.0 KiB");
        assertInstanceOf(SQLTransientException.class, memory);
        assertEquals("53200", SqlErrors.of(new OutOfMemoryError("Java heap space")).getSQLState());
        assertMapped(new StackOverflowError(), "54001", "Statement too complex (stack overflow)");
    }

    @Test
    void aStatedSqlExceptionPassesThroughAndAServersMessageLosesAvaticasPrefixes() {
        SQLException stated = new SQLException("Unknown setting 'x'", "42704");
        assertSame(stated, SqlErrors.of(stated));
        AvaticaSqlException remote =
                new AvaticaSqlException(
                        "Error while executing SQL \"SELECT 1/0\":"
                                + " Remote driver error: Division by zero",
                        "22012",
                        0,
                        List.of(),
                        "host:1");
        SQLException e = assertMapped(remote, "22012", "Division by zero");
        assertInstanceOf(SQLDataException.class, e);
    }

    @Test
    void unknownFailuresAreInternalErrorsWithTheirMessage() {
        assertMapped(new IllegalStateException("boom"), "XX000", "boom");
        assertMapped(new NullPointerException(), "XX000", "Internal error: NullPointerException");
    }

    @Test
    void connectFailuresAre08001UnlessTheRefusalSaysWhy() {
        assertEquals(
                "08001",
                SqlErrors.connectFailed(new RuntimeException("Connection refused")).getSQLState());
        assertEquals(
                "22023",
                SqlErrors.connectFailed(
                                new RuntimeException(new SQLException("Bad memory_limit", "22023")))
                        .getSQLState());
    }

    @Test
    void timeoutsAreSqlTimeoutExceptions() {
        SQLTimeoutException e = SqlErrors.timedOut(2, new QueryCancelledException("Agg#1"));
        assertEquals("57014", e.getSQLState());
        assertEquals("Query timed out after 2 s (setQueryTimeout)", e.getMessage());
    }
}
