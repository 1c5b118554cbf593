package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.schema.SqlFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plans and answers of Tally scans: projection pushdown and {@code numbers(n)}. */
class ScanPlanTest {
    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    private SqlFixture db() throws Exception {
        Files.writeString(
                dir.resolve("t.csv"), "a,b,c,d\n1,x,2.5,true\n2,y,3.5,false\n3,z,,true\n");
        return new SqlFixture(dir);
    }

    @Test
    void plainProjectionBecomesTheScanFields() throws Exception {
        try (SqlFixture db = db()) {
            String plan = db.explain("select c, a from t");
            assertEquals("TallyTableScan(table=[[s, t]], fields=[[c, a]])\n", plan);
            assertEquals(
                    List.of(List.of("2.5", "1"), List.of("3.5", "2"), List.of("", "3")),
                    db.strings(
                            "select coalesce(cast(c as varchar), ''), a from (select c, a from t)"));
        }
    }

    @Test
    void expressionsKeepTheirProjectOverANarrowScan() throws Exception {
        try (SqlFixture db = db()) {
            String plan = db.explain("select a + 1, upper(b) from t where d");
            assertTrue(plan.contains("TallyTableScan(table=[[s, t]], fields=[[a, b, d]])"), plan);
            assertFalse(plan.contains("fields=[[a, b, c, d]]"), plan);
            assertEquals(
                    List.of(List.of("2", "X"), List.of("4", "Z")),
                    db.strings("select a + 1, upper(b) from t where d"));
            String count = db.explain("select count(*) from t");
            assertTrue(count.contains("fields=[[a]]"), count);
            assertEquals(List.of(List.of("3")), db.strings("select count(*) from t"));
        }
    }

    @Test
    void numbersCountsAndFilters() throws Exception {
        try (SqlFixture db = db()) {
            assertEquals(
                    List.of(List.of("1000000", "499999500000", "0", "999999")),
                    db.strings(
                            "select count(*), sum(number), min(number), max(number)"
                                    + " from table(numbers(1000000))"));
            long expected = 0;
            for (long i = 0; i < 100_000; i++) {
                expected += i % 7 == 3 ? i : 0;
            }
            assertEquals(
                    List.of(List.of(String.valueOf(expected))),
                    db.strings(
                            "select sum(number) from table(numbers(100000)) where mod(number, 7) = 3"));
            assertEquals(
                    List.of(List.of("0")), db.strings("select count(*) from table(numbers(0))"));
            assertEquals(List.of("number BIGINT"), db.columns("select * from table(numbers(3))"));
            assertEquals(
                    List.of(List.of("0", "1"), List.of("1", "1"), List.of("2", "1")),
                    db.strings(
                            "select n.number, t.a from table(numbers(3)) as n join t on t.a = 1"
                                    + " order by 1"));
            String plan = db.explain("select * from table(numbers(10))");
            assertTrue(plan.contains("source=[numbers(10)], fields=[[number]]"), plan);
        }
    }

    @Test
    void numbersRejectsNegativeCounts() throws Exception {
        try (SqlFixture db = db()) {
            SQLException e =
                    assertThrows(
                            SQLException.class,
                            () -> db.strings("select * from table(numbers(-5))"));
            String m = SqlFixture.messages(e);
            assertTrue(m.contains("numbers(n): n must be zero or positive, but was -5"), m);
        }
    }

    @Test
    void twoNumbersCallsAreDifferentScans() throws Exception {
        try (SqlFixture db = db()) {
            assertEquals(
                    List.of(List.of("10", "20")),
                    db.strings(
                            "select (select count(*) from table(numbers(10))),"
                                    + " (select count(*) from table(numbers(20))) from t where a = 1"));
        }
    }
}
