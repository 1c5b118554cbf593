package io.tally.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The text tree against hand-written expectations, for small, deep and wide plans. */
class ExplainTextTest {
    private static ProfileNode leaf(int id, String name) {
        return new ProfileNode(id, name, Map.of(), 10, List.of());
    }

    @Test
    void smallTreeWithAggregate() {
        ProfileNode scan =
                new ProfileNode(1, "TallyTableScan", Map.of("table", "x"), 1e7, List.of());
        ProfileNode agg =
                new ProfileNode(
                        0,
                        "EnumerableBlockedAggregate",
                        Map.of("group by", "[id1]"),
                        1000,
                        List.of(scan));
        QueryProfile profile = new QueryProfile(agg);
        OperatorStats a = profile.stats(0);
        a.outputRows = 100;
        a.cpuNanos = 412_300_000;
        a.wallNanos = 420_100_000;
        AggregateMetrics m = new AggregateMetrics();
        m.outputBatches = 1;
        m.groups = 100;
        m.blocks = 1;
        m.inputRows = 10_000_000;
        m.inputBatches = 1221;
        m.buildNanos = 401_200_000;
        m.drainNanos = 300_000;
        m.firstBatchNanos = 300_000;
        m.maxBatchGapNanos = 300_000;
        m.poolPeak = 1_258_291;
        m.livePeak = 1_363_149;
        m.poolAfterFirstBatch = 1000;
        m.poolAtHalfDrain = 1000;
        m.liveAfterFirstBatch = 2000;
        m.liveAtHalfDrain = 1000;
        a.aggregate = m;
        OperatorStats s = profile.stats(1);
        s.addBatch(10_000_000);
        s.outputBatches = 1221;
        s.wallNanos = 5_000_000;
        s.cpuNanos = 4_000_000;
        s.peakPoolBytes = 0;
        s.peakLiveBytes = 2048;
        assertEquals(
                List.of(
                        "EnumerableBlockedAggregate",
                        "├── group by: [id1]",
                        "├── rows: 100 (estimated 1,000)   batches: 1",
                        "├── cpu time: 412.3 ms   wall: 420.1 ms   wait: 0 ms",
                        "├── memory: peak pool 1.2 MiB, peak live 1.3 MiB",
                        "├── groups: 100 in 1 block   input: 10 million rows in 1,221 batches",
                        "├── drain: build 401.2 ms, drain 0.3 ms, first batch 0.3 ms, max gap 0.3 ms,"
                                + " at half-drain pool 100% live 50%",
                        "├── threads: 1",
                        "├── spilled: 0 B in 0 files, 0 partitions   writes: 0 in 0 ms   reads: 0, 0 B in 0 ms",
                        "└── TallyTableScan",
                        "    ├── table: x",
                        "    ├── rows: 10 million (estimated 10 million)   batches: 1,221",
                        "    ├── cpu time: 4 ms   wall: 5 ms   wait: 0 ms",
                        "    └── memory: peak pool 0 B, peak live 2 KiB"),
                ExplainText.render(profile));
    }

    @Test
    void deepPlanIndentsEveryLevel() {
        int depth = 60;
        ProfileNode node = leaf(depth - 1, "Op" + (depth - 1));
        for (int id = depth - 2; id >= 0; id--) {
            node = new ProfileNode(id, "Op" + id, Map.of(), 1, List.of(node));
        }
        List<String> lines = ExplainText.render(new QueryProfile(node));
        assertEquals(depth * 4, lines.size());
        for (int level = 0; level < depth; level++) {
            String heading = lines.get(level * 4);
            String indent = "    ".repeat(Math.max(0, level - 1));
            assertEquals(level == 0 ? "Op0" : indent + "└── Op" + level, heading);
            String detailIndent = "    ".repeat(level);
            String last = level == depth - 1 ? "└── " : "├── ";
            assertEquals(
                    detailIndent + last + "memory: not tracked (Java heap)",
                    lines.get(level * 4 + 3));
        }
    }

    @Test
    void widePlanDrawsSiblingsWithPipes() {
        List<ProfileNode> inputs = new ArrayList<>();
        int width = 25;
        for (int i = 1; i <= width; i++) {
            ProfileNode grandchild = leaf(width + i, "Scan" + i);
            inputs.add(
                    new ProfileNode(
                            i, "Filter" + i, Map.of("condition", "c" + i), 5, List.of(grandchild)));
        }
        List<String> lines =
                ExplainText.render(
                        new QueryProfile(new ProfileNode(0, "Union", Map.of(), 1, inputs)));
        // Union: heading + 3 details; each Filter: heading + 4 details + Scan heading + 3 details
        assertEquals(4 + width * 9, lines.size());
        for (int i = 1; i <= width; i++) {
            int at = 4 + (i - 1) * 9;
            boolean last = i == width;
            String pipe = last ? "    " : "│   ";
            assertEquals((last ? "└── " : "├── ") + "Filter" + i, lines.get(at));
            assertEquals(pipe + "├── condition: c" + i, lines.get(at + 1));
            assertEquals(pipe + "└── Scan" + i, lines.get(at + 5));
            assertEquals(pipe + "    └── memory: not tracked (Java heap)", lines.get(at + 8));
        }
        for (String line : lines) {
            assertTrue(!line.endsWith(" "), "trailing blank: '" + line + "'");
        }
    }
}
