package io.tally.bench.h2o;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * q1–q10 on a tiny h2o table: Tally, DuckDB and H2 must give the same answers (aggregate=calcite
 * is left out to keep {@code mvn verify} short; GroupBySmokeTest compares it with Tally).
 */
class H2oSmokeTest {
  @Test
  void allEnginesAgreeOnATinyTable(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("h2o.md");
    int rc = new CommandLine(new H2oCommand()).execute("--rows", "2000", "--engines", "tally,duckdb,h2", "--data-dir", dir.toString(),
        "--out", out.toString(), "--timeout", "120");
    String table = Files.readString(out);
    assertEquals(0, rc, "a non-zero exit means some answers differ:\n" + table);
    assertTrue(table.contains("| q10 |"), table);
    assertTrue(table.contains("q6 tally: n/a:"), "Tally has no MEDIAN; the reason is printed:\n" + table);
  }

  @Test
  void rowsAcceptScientificNotation() {
    assertEquals(10_000_000L, new H2oCommand.RowsConverter().convert("1e7"));
    assertEquals(1_000_000L, new H2oCommand.RowsConverter().convert("1_000_000"));
  }
}
