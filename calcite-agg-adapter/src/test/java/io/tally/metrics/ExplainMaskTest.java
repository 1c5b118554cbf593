package io.tally.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Masking keeps row counts and zero byte counts, hides timings, sizes and percentages. */
class ExplainMaskTest {
    @Test
    void masksTimesBytesAndPercentages() {
        assertEquals(
                "├── cpu time: <time>   wall: <time>   wait: <time>",
                ExplainMask.mask("├── cpu time: 412.3 ms   wall: 420.1 ms   wait: 0 ms"));
        assertEquals(
                "├── memory: peak pool <bytes>, peak live <bytes>",
                ExplainMask.mask("├── memory: peak pool 1.2 MiB, peak live 512 B"));
        assertEquals(
                "├── spilled: 0 B in 0 files, 0 partitions",
                ExplainMask.mask("├── spilled: 0 B in 0 files, 0 partitions"));
        assertEquals(
                "├── spilled: <bytes> in 4 files, 4 partitions",
                ExplainMask.mask("├── spilled: 10.5 MiB in 4 files, 4 partitions"));
        assertEquals(
                "at half-drain pool <pct> live <pct>",
                ExplainMask.mask("at half-drain pool 100% live 51.2%"));
        assertEquals(
                "├── rows: 10 million (estimated 1,000)   batches: 1,221",
                ExplainMask.mask("├── rows: 10 million (estimated 1,000)   batches: 1,221"));
    }
}
