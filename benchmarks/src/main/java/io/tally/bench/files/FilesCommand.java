package io.tally.bench.files;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tally bench files}: queries read straight from a file, Tally ({@code FROM 'path'}) vs
 * DuckDB ({@code read_csv}/{@code read_parquet}), at the same thread count. Each query's small
 * answer is read through JDBC, so the time is the engine's. Prints, per file and query, the first
 * (cold: sniffing, footers, CSV range finding) run on a fresh connection and the median of the
 * following runs, and their ratio.
 */
@Command(
        name = "files",
        mixinStandardHelpOptions = true,
        description =
                "COUNT(*), GROUP BY id1 and GROUP BY id3 over an h2o CSV and/or Parquet file:"
                        + " Tally FROM 'path' vs DuckDB read_csv/read_parquet.")
public final class FilesCommand implements Callable<Integer> {
    /** The queries, {@code %s} standing for the table expression. */
    static final String[][] QUERIES = {
        {"COUNT(*)", "SELECT COUNT(*) FROM %s"},
        {"GROUP BY id1", "SELECT id1, SUM(v1) FROM %s GROUP BY id1"},
        {"GROUP BY id3", "SELECT id3, SUM(v1), AVG(v3) FROM %s GROUP BY id3"},
    };

    @Option(names = "--csv", description = "h2o CSV file (e.g. data/G1_2e7_1e2_0_0.csv)")
    Path csv;

    @Option(names = "--parquet", description = "the same data as Parquet")
    Path parquet;

    @Option(names = "--threads", defaultValue = "2", description = "threads of both engines")
    int threads;

    @Option(
            names = "--runs",
            defaultValue = "3",
            description = "timed runs after the first; medians")
    int runs;

    @Override
    public Integer call() throws Exception {
        System.out.println(
                "| file | query | Tally first s | Tally median s | DuckDB first s"
                        + " | DuckDB median s | Tally/DuckDB |");
        System.out.println("|---|---|---|---|---|---|---|");
        if (csv != null) {
            table("csv", csv, "read_csv");
        }
        if (parquet != null) {
            table("parquet", parquet, "read_parquet");
        }
        return 0;
    }

    private void table(String kind, Path file, String duckFunction) throws SQLException {
        String path = file.toAbsolutePath().toString().replace("'", "''");
        for (String[] q : QUERIES) {
            double[] tally =
                    run(
                            "jdbc:tally:threads=" + threads,
                            null,
                            String.format(q[1], "'" + path + "'"));
            double[] duck =
                    run(
                            "jdbc:duckdb:",
                            "SET threads = " + threads,
                            String.format(q[1], duckFunction + "('" + path + "')"));
            System.out.printf(
                    "| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
                    kind,
                    q[0],
                    tally[0],
                    tally[1],
                    duck[0],
                    duck[1],
                    tally[1] / Math.max(duck[1], 1e-3));
        }
    }

    /** {first run, median of {@link #runs} more} in seconds, on one fresh connection. */
    private double[] run(String url, String setup, String sql) throws SQLException {
        List<Double> times = new ArrayList<>();
        double first;
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            if (setup != null) {
                s.execute(setup);
            }
            first = time(s, sql);
            for (int i = 0; i < runs; i++) {
                times.add(time(s, sql));
            }
        }
        Collections.sort(times);
        return new double[] {first, times.get(times.size() / 2)};
    }

    private static double time(Statement s, String sql) throws SQLException {
        long start = System.nanoTime();
        try (ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                r.getObject(1);
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
