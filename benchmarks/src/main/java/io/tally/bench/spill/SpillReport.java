package io.tally.bench.spill;

import io.tally.bench.report.ResultTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The spill benchmark's tables (one row per configuration; columns/binary ratios per rows and
 * compression) and its checks: every configuration spilled, returned N rows, and gave exactly the
 * answer the closed form predicts (so all configurations agree with each other).
 */
final class SpillReport {
    private final List<SpillResult> results;
    private final String limit;
    private final int runs;

    SpillReport(List<SpillResult> results, String limit, int runs) {
        this.results = results;
        this.limit = limit;
        this.runs = runs;
    }

    ResultTable table() {
        ResultTable t =
                new ResultTable(
                        String.format(
                                Locale.ROOT,
                                "spill: SELECT SUM(number + 1), COUNT(number) FROM TABLE(numbers(N)) GROUP BY number, memory_limit=%s, "
                                        + "median of %d runs",
                                limit,
                                runs),
                        List.of(
                                "rows",
                                "format",
                                "compression",
                                "write_bytes",
                                "read_bytes",
                                "files",
                                "write_ms",
                                "read_ms",
                                "cpu_ms",
                                "wall_ms",
                                "check"));
        Map<Long, SpillAnswer> expected = new HashMap<>();
        for (SpillResult r : results) {
            String problem = problem(r, expected.computeIfAbsent(r.rows(), SpillAnswer::expected));
            t.add(
                    List.of(
                            Long.toString(r.rows()),
                            r.format(),
                            r.compression(),
                            Long.toString(r.writeBytes()),
                            Long.toString(r.readBytes()),
                            Long.toString(r.files()),
                            Long.toString(r.writeMs()),
                            Long.toString(r.readMs()),
                            Long.toString(r.cpuMs()),
                            Long.toString(r.wallMs()),
                            problem != null ? "MISMATCH" : r.answer() == null ? "rows ok" : "ok"));
        }
        t.note(
                "write/read_ms: the aggregate's spill time (encode + write, read + decode); cpu_ms: the query's "
                        + "operators' cpu; wall_ms: EXPLAIN ANALYZE of the query, client side");
        t.note(
                "check: ok = the answer of an untimed run (also the warm-up) read row by row equals the closed form; "
                        + "rows ok (--skip-check) = only the profiled aggregate's row count was checked");
        return t;
    }

    ResultTable ratios() {
        ResultTable t =
                new ResultTable(
                        "spill: columns / binary (target: bytes <= 50%, wall time <= 90%)",
                        List.of(
                                "rows",
                                "compression",
                                "write_bytes",
                                "read_bytes",
                                "write_ms",
                                "wall_ms",
                                "cpu_ms"));
        for (SpillResult c : results) {
            if (!c.format().equals("columns")) {
                continue;
            }
            for (SpillResult b : results) {
                if (b.format().equals("binary")
                        && b.rows() == c.rows()
                        && b.compression().equals(c.compression())) {
                    t.add(
                            List.of(
                                    Long.toString(c.rows()),
                                    c.compression(),
                                    pct(c.writeBytes(), b.writeBytes()),
                                    pct(c.readBytes(), b.readBytes()),
                                    pct(c.writeMs(), b.writeMs()),
                                    pct(c.wallMs(), b.wallMs()),
                                    pct(c.cpuMs(), b.cpuMs())));
                }
            }
        }
        return t;
    }

    /** Every check that failed, as sentences. */
    List<String> problems() {
        List<String> out = new ArrayList<>();
        for (SpillResult r : results) {
            String p = problem(r, SpillAnswer.expected(r.rows()));
            if (p != null) {
                out.add(
                        String.format(
                                Locale.ROOT,
                                "MISMATCH %d rows %s/%s: %s",
                                r.rows(),
                                r.format(),
                                r.compression(),
                                p));
            }
        }
        return out;
    }

    private static String problem(SpillResult r, SpillAnswer expected) {
        if (r.writeBytes() <= 0) {
            return "did not spill (raise --rows or lower --memory-limit)";
        }
        if (r.outputRows() != r.rows()) {
            return "profiled run returned " + r.outputRows() + " rows, expected " + r.rows();
        }
        return r.answer() == null ? null : expected.mismatch(r.answer());
    }

    private static String pct(long a, long b) {
        return b == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * a / b);
    }
}
