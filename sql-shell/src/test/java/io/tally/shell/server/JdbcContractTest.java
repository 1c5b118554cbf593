package io.tally.shell.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.jdbc.TallyVersion;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The JDBC contract JDBC tools rely on, one suite for the embedded driver ({@code jdbc:tally:}) and
 * the remote one ({@code jdbc:tally://} to {@code tally serve}): transactions and read-only,
 * product name and version, metadata (the remote answers equal the embedded ones), {@code
 * getObject(i, Class)}, errors as SQLExceptions with standard SQLStates, cancel and query timeout.
 */
abstract class JdbcContractTest {
    /** A query that runs for minutes unless it is stopped. */
    static final String ENDLESS = "SELECT COUNT(*) FROM TABLE(numbers(1000000000000))";

    /**
     * Liveness guard for cancel and timeout (a hang guard, not a speed bound): far below the
     * endless query's minutes.
     */
    static final Duration STOP_GUARD = Duration.ofSeconds(20);

    /** A new connection of the kind under test. */
    abstract Connection connect(String settings) throws SQLException;

    Connection connect() throws SQLException {
        return connect("");
    }

    @Test
    void autoCommitIsOnReadOnlyAndCommitDoesNothing() throws SQLException {
        try (Connection c = connect()) {
            assertTrue(c.getAutoCommit());
            assertTrue(c.isReadOnly());
            c.commit();
            c.rollback();
            c.setAutoCommit(false);
            assertFalse(c.getAutoCommit());
            c.commit();
            c.setReadOnly(false);
            assertTrue(c.isReadOnly());
            DatabaseMetaData md = c.getMetaData();
            assertTrue(md.isReadOnly());
            assertFalse(md.supportsTransactions());
            assertEquals(Connection.TRANSACTION_NONE, md.getDefaultTransactionIsolation());
            assertEquals(1, scalar(c, "SELECT 1"));
        }
    }

    @Test
    void productAndDriverAreTallyWithItsVersion() throws SQLException {
        try (Connection c = connect()) {
            DatabaseMetaData md = c.getMetaData();
            assertEquals("Tally", md.getDatabaseProductName());
            assertEquals(TallyVersion.VERSION, md.getDatabaseProductVersion());
            assertEquals(TallyVersion.MAJOR, md.getDatabaseMajorVersion());
            assertEquals(TallyVersion.MINOR, md.getDatabaseMinorVersion());
            assertEquals("Tally JDBC Driver", md.getDriverName());
            assertEquals(TallyVersion.VERSION, md.getDriverVersion());
            assertTrue(TallyVersion.VERSION.matches("\\d+\\.\\d+.*"), TallyVersion.VERSION);
            assertSame(c, md.getConnection());
        }
    }

    @Test
    void functionsAreListedAsTheEmbeddedDriverListsThem() throws SQLException {
        List<String> expected; // Calcite's own listing, under Tally's connection
        try (Connection embedded = DriverManager.getConnection("jdbc:tally:")) {
            expected = functions(embedded.unwrap(CalciteConnection.class));
        }
        assertTrue(expected.contains("main.numbers"), expected.toString());
        assertTrue(expected.size() > 100, expected.toString());
        try (Connection c = connect()) {
            assertEquals(expected, functions(c));
            try (ResultSet rs = c.getMetaData().getFunctions(null, "ma_n", "numb%")) {
                assertTrue(rs.next());
                assertEquals("numbers", rs.getString("FUNCTION_NAME"));
                assertFalse(rs.next());
            }
        }
    }

    private static List<String> functions(Connection c) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getFunctions(null, null, "%")) {
            while (rs.next()) {
                names.add(rs.getString("FUNCTION_SCHEM") + "." + rs.getString("FUNCTION_NAME"));
            }
        }
        names.sort(null);
        return names;
    }

    @ParameterizedTest
    @CsvSource({
        "l_orderkey, BIGINT, -5, 19, 0",
        "l_linenumber, INTEGER, 4, 10, 0",
        "l_quantity, 'DECIMAL(15, 2)', 3, 15, 2",
        "l_shipdate, DATE, 91, 10, ",
        "l_comment, VARCHAR, 12, 2147483647, "
    })
    void columnsHaveTheirTypeNamesAndSizes(
            String column, String typeName, int dataType, int size, Integer decimalDigits)
            throws SQLException {
        try (Connection c = connect();
                ResultSet rs = c.getMetaData().getColumns(null, "main", "lineitem", column)) {
            assertTrue(rs.next(), column);
            assertEquals(typeName, rs.getString("TYPE_NAME"));
            assertEquals(dataType, rs.getInt("DATA_TYPE"));
            assertEquals(size, rs.getInt("COLUMN_SIZE"));
            assertEquals(decimalDigits, (Integer) rs.getObject("DECIMAL_DIGITS", Integer.class));
            assertFalse(rs.next());
        }
    }

    @Test
    void tablesIncludeInformationSchema() throws SQLException {
        List<String> tables = new ArrayList<>();
        try (Connection c = connect();
                ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
            while (rs.next()) {
                tables.add(rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME"));
            }
        }
        assertTrue(
                tables.containsAll(
                        List.of(
                                "main.h2o",
                                "main.lineitem",
                                "information_schema.tables",
                                "information_schema.columns")),
                tables.toString());
    }

    @Test
    void getObjectReadsJavaTimeAndBoxedTypes() throws SQLException {
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT DATE '2024-01-15' AS d,"
                                        + " TIMESTAMP '2024-01-15 10:30:00.125' AS ts, TIME '23:59:58' AS t,"
                                        + " CAST(7 AS BIGINT) AS l, CAST(1.25 AS DECIMAL(5, 2)) AS m, 'x' AS s,"
                                        + " CAST(NULL AS INTEGER) AS n")) {
            assertTrue(rs.next());
            assertEquals(LocalDate.of(2024, 1, 15), rs.getObject(1, LocalDate.class));
            assertEquals(LocalDate.of(2024, 1, 15), rs.getObject("d", LocalDate.class));
            assertEquals(
                    LocalDateTime.of(2024, 1, 15, 10, 30, 0, 125_000_000),
                    rs.getObject("ts", LocalDateTime.class));
            assertEquals(
                    Instant.parse("2024-01-15T10:30:00.125Z"), rs.getObject("ts", Instant.class));
            assertEquals(LocalTime.of(23, 59, 58), rs.getObject("t", LocalTime.class));
            assertEquals(7L, rs.getObject("l", Long.class));
            assertEquals(new BigDecimal("1.25"), rs.getObject("m", BigDecimal.class));
            assertEquals("x", rs.getObject("s", String.class));
            assertNull(rs.getObject("n", Integer.class));
            SQLException e =
                    assertThrows(SQLException.class, () -> rs.getObject("s", LocalDate.class));
            assertTrue(e.getSQLState().startsWith("22"), e.getSQLState());
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT 1/0|22012|Division by zero",
                "SELECT x / 0 FROM (VALUES (1)) AS t(x)|22012|Division by zero",
                "SELECT CAST('abc' AS INTEGER)|22018|Invalid number: 'abc'",
                "SELECT SUM(x) FROM (VALUES (9223372036854775807), (1)) AS t(x)|22003|SUM overflowed",
                "SELECT CAST(x AS INTEGER) FROM (VALUES (CAST(9999999999 AS BIGINT))) AS t(x)|22003|out of range",
                "selec 1|42601|(at line 1, column 1)",
                "SELECT FROM h2o|42601|Incorrect syntax near the keyword 'FROM' at line 1, column 8",
                "SELECT * FROM nosuch|42P01|Object 'nosuch' not found",
                "SELECT nope FROM h2o|42703|Column 'nope' not found",
                "SELECT nofn(1)|42883|No match found for function signature",
                "INSERT INTO h2o VALUES (1)|25006|Tally is read-only: INSERT is not supported",
                "DROP TABLE h2o|25006|Tally is read-only: DROP TABLE is not supported"
            })
    void errorsAreSqlExceptionsWithStandardStates(String sql, String state, String message)
            throws SQLException {
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            SQLException e =
                    assertThrows(
                            SQLException.class,
                            () -> {
                                try (ResultSet rs = st.executeQuery(sql)) {
                                    while (rs.next()) {
                                        Thread.onSpinWait();
                                    }
                                }
                            },
                            sql);
            assertEquals(state, e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains(message), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertFalse(e.getMessage().startsWith("Error while"), e.getMessage());
            if (state.startsWith("22")) {
                assertInstanceOf(SQLDataException.class, e);
            } else if (state.startsWith("42")) {
                assertInstanceOf(SQLSyntaxErrorException.class, e);
            }
            assertEquals(1, scalar(c, "SELECT 1"), "the connection still works");
        }
    }

    @Test
    void memoryLimitIs53200() throws SQLException {
        try (Connection c = connect(";memory_limit=64KB");
                Statement st = c.createStatement()) {
            SQLException e =
                    assertThrows(
                            SQLException.class,
                            () -> {
                                try (ResultSet rs =
                                        st.executeQuery(
                                                "SELECT number % 100000 AS k, COUNT(*)"
                                                        + " FROM TABLE(numbers(1000000)) GROUP BY 1")) {
                                    while (rs.next()) {
                                        Thread.onSpinWait();
                                    }
                                }
                            });
            assertEquals("53200", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("exceeded memory_limit 64.0 KiB"), e.getMessage());
        }
    }

    @Test
    void cancelStopsTheQueryAndTheStatementRunsAgain() throws Exception {
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            CompletableFuture<Void> run =
                    CompletableFuture.runAsync(
                            () -> {
                                try {
                                    drain(st, ENDLESS);
                                } catch (SQLException e) {
                                    throw new CompletionException(e);
                                }
                            });
            Thread.sleep(500); // let it start: a cancel before execute cancels nothing
            SQLException e =
                    assertTimeoutPreemptively(
                            STOP_GUARD,
                            () -> {
                                st.cancel();
                                return failure(run);
                            },
                            "cancel() did not stop the query");
            assertEquals("57014", e.getSQLState(), e.getMessage());
            assertEquals("Query cancelled", e.getMessage());
            assertEquals(1, scalar(st, "SELECT 1"), "the statement runs again");
            assertEquals(1, scalar(c, "SELECT 1"), "the connection still works");
        }
    }

    @Test
    void queryTimeoutEndsTheQueryWithSqlTimeoutException() throws Exception {
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            st.setQueryTimeout(1);
            assertEquals(1, st.getQueryTimeout());
            SQLException e =
                    assertTimeoutPreemptively(
                            STOP_GUARD,
                            () -> assertThrows(SQLException.class, () -> drain(st, ENDLESS)),
                            "setQueryTimeout(1) did not stop the query");
            assertInstanceOf(SQLTimeoutException.class, e, e.toString());
            assertEquals("57014", e.getSQLState());
            assertTrue(e.getMessage().contains("timed out after 1 s"), e.getMessage());
            st.setQueryTimeout(0);
            assertEquals(1, scalar(st, "SELECT 1"), "the statement runs again");
            SQLException negative = assertThrows(SQLException.class, () -> st.setQueryTimeout(-1));
            assertEquals("22023", negative.getSQLState());
        }
    }

    @Test
    void aTimeoutLongerThanTheQueryChangesNothing() throws SQLException {
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            st.setQueryTimeout(60);
            assertEquals(100000, scalar(st, "SELECT COUNT(*) FROM h2o"));
        }
    }

    private static void drain(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                Thread.onSpinWait();
            }
        }
    }

    /** The SQLException that ended {@code run}, once it has ended. */
    private static SQLException failure(CompletableFuture<Void> run) {
        Throwable cause = run.handle((done, failed) -> failed).join();
        if (cause == null) {
            throw new AssertionError("the query was not stopped");
        }
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return assertInstanceOf(SQLException.class, cause);
    }

    static long scalar(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            return scalar(st, sql);
        }
    }

    static long scalar(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }
}
