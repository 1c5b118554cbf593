package io.tally.bench.h2o;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.bench.report.Reporter;
import io.tally.bench.sql.Engine;
import io.tally.bench.sql.QueryRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One query's runs across the thread counts of one setting, on one DuckDB connection. */
class InterleavedRunsTest {
    @Test
    void aThreadCountThatFailsIsRecordedForItsSettingOnly(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("x.csv");
        Files.writeString(
                csv,
                "id1,id2,id3,id4,id5,id6,v1,v2,v3\n"
                        + "id001,id001,id0000000001,1,1,1,1,2,3.5\n"
                        + "id002,id001,id0000000002,2,1,2,4,5,6.5\n"
                        + "id001,id002,id0000000003,1,2,3,7,8,9.5\n");
        Engine duckdb = LoadedEngines.duckdb(csv, 1);
        List<H2oQuery> queries = List.of(H2oQuery.Q1);
        List<String> engines = List.of("duckdb");
        // DuckDB refuses SET threads = 0: the run at that "thread count" fails
        H2oSummary.Run one =
                new H2oSummary.Run(
                        new H2oConfig(OptionalInt.of(1), true), new H2oResults(queries, engines));
        H2oSummary.Run zero =
                new H2oSummary.Run(
                        new H2oConfig(OptionalInt.of(0), true), new H2oResults(queries, engines));
        H2oSummary.Run two =
                new H2oSummary.Run(
                        new H2oConfig(OptionalInt.of(2), true), new H2oResults(queries, engines));
        try (QueryRunner runner = new QueryRunner();
                Connection c = duckdb.connect()) {
            String stopped =
                    new InterleavedRuns("x", runner, 60, 3, false, new Reporter(System.out, null))
                            .run(duckdb, c, H2oQuery.Q1, List.of(one, zero, two));
            assertNull(stopped, "a failed run does not stop the engine");
        }
        for (H2oSummary.Run ran : List.of(one, two)) {
            H2oCell cell = ran.results().cell(H2oQuery.Q1, "duckdb");
            assertTrue(cell.answered(), ran.config().describe());
            assertEquals(2, cell.second().answer().rows(), "q1 groups by id1: two groups");
            assertNull(cell.first().answer().mismatch(cell.second().answer()));
        }
        H2oCell failed = zero.results().cell(H2oQuery.Q1, "duckdb");
        assertFalse(failed.answered());
        assertFalse(failed.timedOut());
        assertTrue(failed.reason().toLowerCase().contains("thread"), failed.reason());
    }
}
