package io.tally.spill;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Locale;

/**
 * Spill A/B harness (not a test; move to {@code benchmarks/} later): runs
 * {@code SELECT SUM(number + 1), COUNT(number) FROM TABLE(numbers(N)) GROUP BY number} under a
 * spilling {@code memory_limit} for each spill_format × spill_compression and prints spilled
 * bytes (process-wide {@link SpillStats}), files and wall time. Usage:
 * {@code SpillBench N memory_limit [spill_dir]}.
 */
public final class SpillBench {
  private SpillBench() {}

  public static void main(String[] args) throws Exception {
    long n = Long.parseLong(args[0]);
    String limit = args[1];
    String dir = args.length > 2 ? args[2] : System.getProperty("java.io.tmpdir");
    String sql = "SELECT SUM(number + 1), COUNT(number) FROM TABLE(numbers(" + n + ")) GROUP BY number";
    System.out.println("format,compression,rows,bytes_written,batches,files,seconds");
    for (String compression : new String[] {"none", "lz4", "zstd"}) {
      for (String format : new String[] {"columns", "binary"}) {
        String url = "jdbc:tally:memory_limit=" + limit + ";spill_dir=" + dir + ";spill_format=" + format
            + ";spill_compression=" + compression;
        long bytes0 = SpillStats.bytesWritten();
        long batches0 = SpillStats.batchesWritten();
        long files0 = SpillStats.filesCreated();
        long start = System.nanoTime();
        long rows = 0;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            rows++;
          }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%.2f%n", format, compression, rows,
            SpillStats.bytesWritten() - bytes0, SpillStats.batchesWritten() - batches0,
            SpillStats.filesCreated() - files0, seconds);
      }
    }
  }
}
