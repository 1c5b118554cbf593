package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.schema.SqlFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The top-k-per-group rewrite of {@code ROW_NUMBER() … <= k}: which filters it plans as {@link
 * EnumerableTopKPerGroup} (and which it leaves to Calcite's window), and that its answers equal
 * Calcite's {@code EnumerableWindow} ({@code aggregate=calcite}) on NULLs, ties, every sort type
 * and direction, also when spilling and on two threads.
 */
class TopKPerGroupSqlTest {
    private static final int ROWS = 6_000;
    private static final int GROUPS = 150;
    private static final String WINDOW =
            "select k, a, d, s, m, "
                    + "j, row_number() over (partition by k order by %s) as rn from t";

    @TempDir Path dir;

    @BeforeEach
    void data() throws Exception {
        Random random = new Random(11);
        StringBuilder csv =
                new StringBuilder("k:INT,a:BIGINT,d:DOUBLE,s:VARCHAR,\"m:DECIMAL(8,2)\",j:INT\n");
        for (int r = 0; r < ROWS; r++) {
            int k = random.nextInt(GROUPS);
            // group 3 has one row, group 5 only NULL sort values: k above the group size
            if (k == 3 && r > 0) {
                k = 4;
            }
            boolean nulls = k == 5 || random.nextInt(8) == 0;
            int v = random.nextInt(40) - 20; // few distinct values: many ties
            csv.append(k == 9 ? "" : k)
                    .append(',')
                    .append(nulls ? "" : v)
                    .append(',')
                    .append(nulls ? "" : v / 4.0)
                    .append(',')
                    .append(nulls ? "" : "s" + (char) ('a' + (v + 20) % 26) + v)
                    .append(',')
                    .append(nulls ? "" : v + ".25")
                    .append(',')
                    .append(random.nextInt(5))
                    .append('\n');
        }
        Files.writeString(dir.resolve("t.csv"), csv);
    }

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    @Test
    void rewrittenFiltersAgreeWithCalcitesWindow() throws Exception {
        List<String> queries = new ArrayList<>();
        String[][] orders = {
            {"a desc", "a"},
            {"a", "a"},
            {"d desc nulls first", "d"},
            {"d nulls first", "d"},
            {"s desc", "s"},
            {"s nulls last", "s"},
            {"m desc nulls last", "m"},
            {"m", "m"},
            {"a desc, d", "a"}
        };
        for (String[] o : orders) {
            String inner = String.format(WINDOW, o[0]);
            queries.add(
                    "select k, " + o[1] + ", rn from (" + inner + ") where rn <= 3 order by 1, 3");
            queries.add("select k, " + o[1] + " from (" + inner + ") where rn < 2 order by 1, 2");
        }
        queries.add(
                "select k, a from ("
                        + String.format(WINDOW, "a")
                        + ") where 1 = rn and a > 0"
                        + " order by 1, 2");
        queries.add(
                "select k, a, rn from ("
                        + String.format(WINDOW, "a desc")
                        + ") where 40 >= rn"
                        + " order by 1, 3");
        queries.add(
                "select k, a, rn + 1 from ("
                        + String.format(WINDOW, "a")
                        + ") where rn <= 2"
                        + " order by 1, 3");
        queries.add(
                "select k, s, rn from ("
                        + String.format(WINDOW, "s")
                        + ") where rn between 1"
                        + " and 4 order by 1, 3");
        for (String q : queries) {
            List<String> expected = rows("aggregate=calcite", q);
            assertTrue(plan("", q).contains("EnumerableTopKPerGroup"), q + "\n" + plan("", q));
            for (String settings :
                    List.of(
                            "",
                            "threads=2",
                            "memory_limit=2MB;block_size=16;threads=1",
                            "memory_limit=2MB;block_size=16;spill_format=binary;threads=1")) {
                assertEquals(expected, rows(settings, q), settings + ": " + q);
            }
        }
    }

    @Test
    void carriedColumnsComeFromTheKeptRows() throws Exception {
        // ordered by a unique combination, the whole rows are deterministic
        String q =
                "select k, a, d, s, m, j from (select k, a, d, s, m, j, row_number() over "
                        + "(partition by k order by a desc nulls last, j, d, s, m) rn from t) where rn <= 2 "
                        + "order by k, a, j, d, s, m";
        assertTrue(plan("", q).contains("EnumerableTopKPerGroup"));
        assertEquals(rows("aggregate=calcite", q), rows("", q));
    }

    @Test
    void otherFiltersAndWindowsKeepCalcitesPlan() throws Exception {
        String rn = String.format(WINDOW, "a");
        String[] notRewritten = {
            "select * from (select k, a, rank() over (partition by k order by a) rn from t) where rn <= 2",
            "select * from (select k, a, dense_rank() over (partition by k order by a) rn from t)"
                    + " where rn <= 2",
            "select * from (" + rn + ") where rn <= 2 and rn > 1",
            "select * from (" + rn + ") where rn between 2 and 4",
            "select * from (" + rn + ") where rn in (1, 3)",
            "select * from (" + rn + ") where rn <= 2 or a > 3",
            "select * from (" + rn + ") where rn <= j",
            "select * from (" + rn + ") where rn <= 1025",
            "select * from (" + rn + ") where rn < 1",
            "select * from (" + rn + ") where rn >= 2",
            "select * from (select k, a, row_number() over (partition by k order by a) rn, "
                    + "count(*) over (partition by k) c from t) where rn <= 2",
            "select * from (select k, a, row_number() over (partition by k) rn from t) where rn <= 2"
        };
        for (String q : notRewritten) {
            assertFalse(plan("", q).contains("EnumerableTopKPerGroup"), q);
        }
        String q = "select k, a from (" + rn + ") where rn <= 2";
        assertTrue(
                plan("", q)
                        .contains("EnumerableTopKPerGroup(partition=[{0}], order=[[1]], limit=[2]"),
                plan("", q));
        assertFalse(plan("aggregate=calcite", q).contains("EnumerableTopKPerGroup"));
    }

    private String plan(String settings, String q) throws SQLException {
        return String.join("\n", rows(settings, "explain plan for " + q));
    }

    private List<String> rows(String settings, String q) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:tally:data=" + dir + ";" + settings);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(q)) {
            ResultSetMetaData md = rs.getMetaData();
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    b.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                out.add(b.toString());
            }
            return out;
        }
    }
}
