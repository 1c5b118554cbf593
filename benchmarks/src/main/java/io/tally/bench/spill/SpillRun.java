package io.tally.bench.spill;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tally.bench.sql.Stats;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Runs the spill query for one (rows, format, compression) through JDBC: first an untimed run of
 * the plain query whose every row is read into a {@link SpillAnswer} (the answer check, and the
 * warm-up so JIT and caches do not favour whichever configuration runs second), then {@code runs}
 * timed runs of {@code EXPLAIN ANALYZE AS JSON} of the same query, from whose aggregate node the
 * spill metrics are read; each metric's median is reported.
 */
final class SpillRun {
    static final String AGGREGATE = "EnumerableBlockedAggregate";
    private static final ObjectMapper JSON = new ObjectMapper();

    private SpillRun() {}

    static String sql(long rows) {
        return "SELECT SUM(number + 1), COUNT(number) FROM TABLE(numbers("
                + rows
                + ")) GROUP BY number";
    }

    static String url(String memoryLimit, String format, String compression, String spillDir) {
        return "jdbc:tally:memory_limit="
                + memoryLimit
                + ";spill_format="
                + format
                + ";spill_compression="
                + compression
                + (spillDir == null ? "" : ";spill_dir=" + spillDir);
    }

    /** {@code check} false skips the untimed answer-checking run (the answer is then null). */
    static SpillResult run(
            long rows,
            String format,
            String compression,
            String memoryLimit,
            String spillDir,
            int runs,
            boolean check,
            Consumer<String> progress)
            throws SQLException {
        String label =
                String.format(Locale.ROOT, "spill: %,d rows %s/%s", rows, format, compression);
        List<long[]> samples = new ArrayList<>();
        SpillAnswer answer = null;
        try (Connection c =
                        DriverManager.getConnection(
                                url(memoryLimit, format, compression, spillDir));
                Statement st = c.createStatement()) {
            if (check) {
                long start = System.nanoTime();
                answer = answer(st, rows);
                progress.accept(
                        String.format(
                                Locale.ROOT,
                                "%s check run %s s",
                                label,
                                Stats.seconds(System.nanoTime() - start)));
            }
            for (int r = 0; r < runs; r++) {
                System.gc();
                long[] m = profiled(st, rows);
                samples.add(m);
                progress.accept(
                        String.format(
                                Locale.ROOT,
                                "%s run %d: %,d ms wall, %,d bytes written",
                                label,
                                r + 1,
                                m[7],
                                m[0]));
            }
        }
        long[] med = new long[8];
        for (int k = 0; k < med.length; k++) {
            long[] values = new long[samples.size()];
            for (int r = 0; r < values.length; r++) {
                values[r] = samples.get(r)[k];
            }
            med[k] = Stats.median(values);
        }
        return new SpillResult(
                rows,
                format,
                compression,
                med[0],
                med[1],
                med[2],
                med[3],
                med[4],
                med[5],
                med[7],
                med[6],
                answer);
    }

    private static SpillAnswer answer(Statement st, long rows) throws SQLException {
        SpillAnswer.Builder b = new SpillAnswer.Builder();
        try (ResultSet rs = st.executeQuery(sql(rows))) {
            while (rs.next()) {
                b.add(rs.getLong(1), rs.getLong(2));
            }
        }
        return b.build();
    }

    /**
     * {write bytes, read bytes, files, write ms, read ms, cpu ms, output rows, wall ms} of one run.
     */
    private static long[] profiled(Statement st, long rows) throws SQLException {
        long start = System.nanoTime();
        String doc;
        try (ResultSet rs = st.executeQuery("EXPLAIN ANALYZE AS JSON " + sql(rows))) {
            StringBuilder sb = new StringBuilder();
            while (rs.next()) {
                sb.append(rs.getString(1)).append('\n');
            }
            doc = sb.toString();
        }
        long wallMs = (System.nanoTime() - start) / 1_000_000;
        JsonNode root;
        try {
            root = JSON.readTree(doc);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "EXPLAIN ANALYZE AS JSON gave unreadable JSON: " + e.getMessage(), e);
        }
        JsonNode agg = find(root, AGGREGATE);
        if (agg == null) {
            throw new IllegalStateException(
                    "no " + AGGREGATE + " in EXPLAIN ANALYZE AS JSON: " + doc);
        }
        JsonNode m = agg.get("metrics");
        return new long[] {
            m.path("spill_write_bytes").asLong(),
            m.path("spill_read_bytes").asLong(),
            m.path("spill_files").asLong(),
            Math.round(m.path("spill_write_ms").asDouble()),
            Math.round(m.path("spill_read_ms").asDouble()),
            cpuNanos(root) / 1_000_000,
            m.path("output_rows").asLong(),
            wallMs
        };
    }

    /** The first operator node named {@code operator}, depth first. */
    static JsonNode find(JsonNode node, String operator) {
        if (node == null) {
            return null;
        }
        if (operator.equals(node.path("operator").asText())) {
            return node;
        }
        for (JsonNode child : node) {
            JsonNode hit = find(child, operator);
            if (hit != null) {
                return hit;
            }
        }
        return null;
    }

    /** Sum of the operators' own cpu_ns: the query's cpu time. */
    static long cpuNanos(JsonNode node) {
        long sum = 0;
        if (node.has("operator") && node.path("metrics").has("cpu_ns")) {
            sum += node.path("metrics").path("cpu_ns").asLong();
        }
        for (JsonNode child : node) {
            if (child.isContainerNode()) {
                sum += cpuNanos(child);
            }
        }
        return sum;
    }
}
