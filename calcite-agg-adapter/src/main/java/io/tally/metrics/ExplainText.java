package io.tally.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders a {@link QueryProfile} as the text tree of {@code EXPLAIN ANALYZE}: one operator per
 * heading, its attributes and metrics on branch lines below it, its inputs as subtrees. Values use
 * {@link HumanUnits}. Returns lines (each becomes one row of the statement's {@code PLAN} column).
 */
public final class ExplainText {
    private static final String BRANCH = "├── ";
    private static final String LAST = "└── ";
    private static final String PIPE = "│   ";
    private static final String SPACE = "    ";
    private static final String GAP = "   ";

    private ExplainText() {}

    /** The lines of the tree. */
    public static List<String> render(QueryProfile profile) {
        List<String> lines = new ArrayList<>();
        render(profile, profile.root(), "", "", lines);
        return lines;
    }

    private static void render(
            QueryProfile profile, ProfileNode node, String head, String indent, List<String> out) {
        out.add(head + node.operator());
        List<String> details = details(node, profile.stats(node));
        List<ProfileNode> inputs = node.inputs();
        for (int i = 0; i < details.size(); i++) {
            boolean last = i == details.size() - 1 && inputs.isEmpty();
            out.add(indent + (last ? LAST : BRANCH) + details.get(i));
        }
        for (int i = 0; i < inputs.size(); i++) {
            boolean last = i == inputs.size() - 1;
            render(
                    profile,
                    inputs.get(i),
                    indent + (last ? LAST : BRANCH),
                    indent + (last ? SPACE : PIPE),
                    out);
        }
    }

    /** The branch lines of one operator: attributes, then metrics. */
    static List<String> details(ProfileNode node, OperatorStats stats) {
        List<String> lines = new ArrayList<>();
        if (!node.attributes().isEmpty()) {
            lines.add(
                    node.attributes().entrySet().stream()
                            .map(e -> e.getKey() + ": " + e.getValue())
                            .collect(Collectors.joining(GAP)));
        }
        Map<String, Object> m = ExplainMetrics.of(node, stats);
        String rows =
                "rows: "
                        + count(m, "output_rows")
                        + " (estimated "
                        + count(m, "estimated_rows")
                        + ")";
        if (m.get("output_batches") != null) {
            rows += GAP + "batches: " + count(m, "output_batches");
        }
        if (stats.opens > 1) {
            rows += GAP + "opened: " + HumanUnits.count(stats.opens) + " times";
        }
        lines.add(rows);
        lines.add(
                "cpu time: "
                        + nanos(m, "cpu_ns")
                        + GAP
                        + "wall: "
                        + nanos(m, "wall_ns")
                        + GAP
                        + "wait: "
                        + nanos(m, "wait_ns"));
        lines.add(memory(m));
        String pruning = pruning(m);
        if (pruning != null) {
            lines.add(pruning);
        }
        if (stats.aggregate != null) {
            lines.addAll(aggregate(m));
        }
        return lines;
    }

    /** {@code row groups: 3 read, 78 skipped files: 2 read, 1 skipped}, or null. */
    private static String pruning(Map<String, Object> m) {
        List<String> parts = new ArrayList<>();
        if (m.containsKey("row_groups_read")) {
            parts.add(
                    "row groups: "
                            + count(m, "row_groups_read")
                            + " read, "
                            + count(m, "row_groups_skipped")
                            + " skipped");
        }
        if (m.containsKey("files_read")) {
            parts.add(
                    "files: "
                            + count(m, "files_read")
                            + " read, "
                            + count(m, "files_skipped")
                            + " skipped");
        }
        return parts.isEmpty() ? null : String.join(GAP, parts);
    }

    private static String memory(Map<String, Object> m) {
        Object pool = m.get("peak_pool_bytes");
        Object live = m.get("peak_live_bytes");
        if (pool == null && live == null) {
            return "memory: not tracked (Java heap)";
        }
        return "memory: peak pool "
                + (pool == null ? "not tracked" : HumanUnits.bytes((Long) pool))
                + ", peak live "
                + (live == null ? "not tracked" : HumanUnits.bytes((Long) live));
    }

    private static List<String> aggregate(Map<String, Object> m) {
        List<String> lines = new ArrayList<>();
        lines.add(
                "groups: "
                        + count(m, "groups")
                        + " in "
                        + counted(m, "blocks", "block")
                        + GAP
                        + "input: "
                        + count(m, "input_rows")
                        + " rows in "
                        + counted(m, "input_batches", "batch")
                        + directIndex(m));
        lines.add(
                "drain: build "
                        + millis(m, "build_ms")
                        + ", drain "
                        + millis(m, "drain_ms")
                        + ", first batch "
                        + (m.get("ttfb_ms") == null ? "none" : millis(m, "ttfb_ms"))
                        + ", max gap "
                        + millis(m, "max_gap_ms")
                        + ", at half-drain pool "
                        + pct(m, "pool_pct_at_half")
                        + " live "
                        + pct(m, "live_pct_at_half"));
        lines.add(threads(m));
        lines.add(
                "spilled: "
                        + bytes(m, "spill_write_bytes")
                        + " in "
                        + counted(m, "spill_files", "file")
                        + ", "
                        + counted(m, "spill_partitions", "partition")
                        + GAP
                        + "writes: "
                        + count(m, "spill_write_count")
                        + " in "
                        + millis(m, "spill_write_ms")
                        + GAP
                        + "reads: "
                        + count(m, "spill_read_count")
                        + ", "
                        + bytes(m, "spill_read_bytes")
                        + " in "
                        + millis(m, "spill_read_ms")
                        + (m.get("spill_format") == null
                                ? ""
                                : GAP
                                        + "format: "
                                        + m.get("spill_format")
                                        + ", depth "
                                        + count(m, "spill_depth")));
        return lines;
    }

    /** {@code threads: 4 (partial 12 ms, exchange and merge 3 ms, drain 1 ms), exchanged …}. */
    private static String threads(Map<String, Object> m) {
        long threads = (Long) m.get("threads");
        if (threads <= 1) {
            Object why = m.get("parallel");
            return "threads: 1" + (why == null ? "" : " (serial: " + why + ")");
        }
        return "threads: "
                + threads
                + " (partial "
                + millis(m, "partial_ms")
                + ", exchange and merge "
                + millis(m, "merge_ms")
                + ", drain "
                + millis(m, "drain_ms")
                + ")"
                + GAP
                + "exchanged: "
                + bytes(m, "exchange_bytes")
                + " in "
                + counted(m, "exchange_batches", "batch")
                + tableMerged(m)
                + passedThrough(m);
    }

    /** {@code , 9.9M by direct index} when rows were looked up in a direct index. */
    private static String directIndex(Map<String, Object> m) {
        Object rows = m.get("direct_rows");
        return rows == null || (Long) rows == 0
                ? ""
                : ", " + count(m, "direct_rows") + " by direct index";
    }

    /** {@code , merged table to table: 9.9M groups} when partial tables were merged in place. */
    private static String tableMerged(Map<String, Object> m) {
        Object groups = m.get("table_merged_groups");
        return groups == null || (Long) groups == 0
                ? ""
                : ", merged table to table: " + count(m, "table_merged_groups") + " groups";
    }

    /** {@code , passed through: 9.9M rows} when partial tables passed rows on unaggregated. */
    private static String passedThrough(Map<String, Object> m) {
        Object rows = m.get("passthrough_rows");
        return rows == null || (Long) rows == 0
                ? ""
                : ", passed through: " + count(m, "passthrough_rows") + " rows";
    }

    private static String count(Map<String, Object> m, String key) {
        return HumanUnits.count((Long) m.get(key));
    }

    /** {@code 1 block}, {@code 3 blocks}, {@code 2 batches}. */
    private static String counted(Map<String, Object> m, String key, String noun) {
        long n = (Long) m.get(key);
        return HumanUnits.count(n)
                + " "
                + (n == 1 ? noun : noun.endsWith("h") ? noun + "es" : noun + "s");
    }

    private static String nanos(Map<String, Object> m, String key) {
        return HumanUnits.nanos((Long) m.get(key));
    }

    private static String millis(Map<String, Object> m, String key) {
        return HumanUnits.millis((Double) m.get(key));
    }

    private static String bytes(Map<String, Object> m, String key) {
        return HumanUnits.bytes((Long) m.get(key));
    }

    private static String pct(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? "n/a" : HumanUnits.percent((Double) v);
    }
}
