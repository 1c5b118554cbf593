package io.tally.quidem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.datasets.H2oGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tally over a directory of CSV files answers like DuckDB's {@code read_csv} over the same files,
 * for scans, filters and aggregates; and over a Parquet file DuckDB wrote (sorted, in small row
 * groups) like DuckDB's {@code read_parquet}, for filters whose row groups Tally skips by their
 * statistics.
 */
class DuckDbAgreementTest {
    /** Rows of the generated h2o table (5% NULLs). */
    private static final long H2O_ROWS = 20_000;

    @TempDir static Path dir;
    private static Connection tally;
    private static Connection duck;

    @BeforeAll
    static void setUp() throws Exception {
        Path resources = Path.of("src/test/resources/data");
        for (String f : List.of("emp.csv", "dept.csv")) {
            Files.copy(resources.resolve(f), dir.resolve(f));
        }
        new H2oGenerator(H2O_ROWS, 10, 5, false, 7).writeCsv(dir.resolve("h2o.csv"));
        duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            for (String t : List.of("emp", "dept", "h2o")) {
                s.execute(
                        "CREATE VIEW "
                                + t
                                + " AS SELECT * FROM read_csv('"
                                + dir.resolve(t + ".csv")
                                + "')");
            }
            // DuckDB's Parquet, sorted on id4 and v3 in small row groups, so Tally's scans skip
            // row groups by DuckDB's statistics
            s.execute(
                    "COPY (SELECT * FROM h2o ORDER BY id4, v3) TO '"
                            + dir.resolve("h2o_sorted.parquet")
                            + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
            s.execute(
                    "CREATE VIEW h2o_sorted AS SELECT * FROM read_parquet('"
                            + dir.resolve("h2o_sorted.parquet")
                            + "')");
        }
        tally = DriverManager.getConnection("jdbc:tally:data=" + dir);
    }

    @AfterAll
    static void tearDown() throws SQLException {
        tally.close();
        duck.close();
    }

    static Stream<String> queries() {
        return Stream.of(
                "SELECT * FROM emp",
                "SELECT name, salary * 2 AS s2 FROM emp WHERE deptno = 30 AND salary > 1000",
                "SELECT * FROM emp WHERE commission IS NULL OR hired < DATE '1981-06-01'",
                "SELECT name FROM emp WHERE active AND job LIKE 'S%'",
                "SELECT * FROM emp ORDER BY salary DESC, name LIMIT 5",
                "SELECT deptno, COUNT(*), SUM(salary), AVG(salary), MIN(hired), MAX(name)"
                        + " FROM emp GROUP BY deptno",
                "SELECT COUNT(*), COUNT(commission), SUM(commission), AVG(commission) FROM emp",
                "SELECT d.dname, COUNT(e.empno) FROM dept d LEFT JOIN emp e ON d.deptno = e.deptno"
                        + " GROUP BY d.dname",
                "SELECT COUNT(*) FROM h2o",
                "SELECT id1, SUM(v1), COUNT(*) FROM h2o GROUP BY id1",
                "SELECT id1, id2, SUM(v1), AVG(v3) FROM h2o GROUP BY id1, id2",
                "SELECT id4, AVG(v1), AVG(v2), AVG(v3) FROM h2o GROUP BY id4",
                "SELECT id3, MAX(v1) - MIN(v2) AS r FROM h2o GROUP BY id3",
                "SELECT id6, SUM(v1), SUM(v2), SUM(v3) FROM h2o WHERE v2 > 7 GROUP BY id6",
                "SELECT id4, id5, STDDEV_SAMP(v3), VAR_POP(v3) FROM h2o GROUP BY id4, id5",
                "SELECT id4, id5, MEDIAN(v3) AS median_v3, STDDEV_SAMP(v3) AS sd_v3 FROM h2o"
                        + " GROUP BY id4, id5",
                "SELECT id1, MEDIAN(v1), MEDIAN(v2), COUNT(*) FROM h2o GROUP BY id1",
                "SELECT deptno, MEDIAN(salary), MEDIAN(commission) FROM emp GROUP BY deptno",
                "SELECT MEDIAN(v3), MEDIAN(v1) FROM h2o WHERE id4 = 3",
                "SELECT COUNT(DISTINCT id3), COUNT(DISTINCT id1) FROM h2o",
                "SELECT id1, id2, id3, id4, id5, id6, SUM(v3), COUNT(*) FROM h2o"
                        + " GROUP BY id1, id2, id3, id4, id5, id6",
                "SELECT COUNT(*) FROM h2o_sorted",
                "SELECT id1, SUM(v1), COUNT(*) FROM h2o_sorted WHERE id4 = 3 GROUP BY id1",
                "SELECT id4, COUNT(*), SUM(v3) FROM h2o_sorted"
                        + " WHERE id4 BETWEEN 2 AND 4 AND v3 < 30.5 GROUP BY id4",
                "SELECT COUNT(*), SUM(v2) FROM h2o_sorted WHERE id4 IN (1, 5) OR id4 IS NULL",
                "SELECT id2, MIN(v3), MAX(v3) FROM h2o_sorted WHERE id1 = 'id003' AND id4 > 4"
                        + " GROUP BY id2");
    }

    @ParameterizedTest
    @MethodSource("queries")
    void sameAnswerAsDuckDb(String sql) throws SQLException {
        boolean ordered = sql.contains("ORDER BY");
        try (Statement t = tally.createStatement();
                Statement d = duck.createStatement()) {
            assertEquals(ResultTable.run(d, sql, ordered), ResultTable.run(t, sql, ordered), sql);
        }
    }
}
