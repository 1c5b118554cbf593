package io.tally.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The metrics of one operator as {@code EXPLAIN ANALYZE} reports them: stable snake_case keys in a
 * fixed order, values as {@code Long} (counts, nanoseconds, bytes), {@code Double} (milliseconds,
 * percentages) or null (not tracked by this operator, or undefined). A parallel aggregate's {@code
 * cpu_ns} adds its worker threads' CPU time (summed over threads, so it may exceed {@code
 * wall_ns}); {@code parallel} says why an aggregate ran on one thread. The text and JSON writers
 * both read this map, so the two formats always agree.
 */
public final class ExplainMetrics {
    /** Keys every operator has. */
    public static final List<String> OPERATOR_KEYS =
            List.of(
                    "output_rows",
                    "estimated_rows",
                    "output_batches",
                    "cpu_ns",
                    "wall_ns",
                    "wait_ns",
                    "peak_pool_bytes",
                    "peak_live_bytes");

    /** Keys a blocked aggregate has in addition. */
    public static final List<String> AGGREGATE_KEYS =
            List.of(
                    "input_rows",
                    "input_batches",
                    "groups",
                    "blocks",
                    "build_ms",
                    "drain_ms",
                    "ttfb_ms",
                    "max_gap_ms",
                    "pool_pct_at_half",
                    "live_pct_at_half",
                    "spill_write_count",
                    "spill_write_bytes",
                    "spill_write_ms",
                    "spill_read_count",
                    "spill_read_bytes",
                    "spill_read_ms",
                    "spill_partitions",
                    "spill_files",
                    "spill_depth",
                    "spill_state_bytes",
                    "spill_format",
                    "threads",
                    "parallel",
                    "exchange_bytes",
                    "exchange_batches",
                    "table_merged_groups",
                    "passthrough_rows",
                    "direct_rows",
                    "partial_ms",
                    "merge_ms");

    /**
     * Keys a file scan has in addition: Parquet row groups when it reads Parquet, files when it
     * reads a glob.
     */
    public static final List<String> SCAN_KEYS =
            List.of("row_groups_read", "row_groups_skipped", "files_read", "files_skipped");

    private static final double NANOS_PER_MILLI = 1e6;

    private ExplainMetrics() {}

    /** The metrics of {@code node} from its {@code stats}. */
    public static Map<String, Object> of(ProfileNode node, OperatorStats stats) {
        Map<String, Object> m = new LinkedHashMap<>();
        AggregateMetrics agg = stats.aggregate;
        m.put("output_rows", stats.outputRows);
        m.put("estimated_rows", Math.round(node.estimatedRows()));
        m.put("output_batches", known(agg != null ? agg.outputBatches : stats.outputBatches));
        m.put("cpu_ns", stats.cpuNanos + (agg == null ? 0 : agg.workerCpuNanos));
        m.put("wall_ns", stats.wallNanos);
        m.put("wait_ns", stats.waitNanos + (agg == null ? 0 : agg.spillWaitNanos));
        m.put("peak_pool_bytes", known(agg != null ? agg.poolPeak : stats.peakPoolBytes));
        m.put("peak_live_bytes", known(agg != null ? agg.livePeak : stats.peakLiveBytes));
        if (agg != null) {
            putAggregate(m, agg);
        }
        ScanMetrics scan = stats.scan;
        if (scan != null && scan.hasRowGroups()) {
            m.put("row_groups_read", scan.rowGroupsRead());
            m.put("row_groups_skipped", scan.rowGroupsSkipped());
        }
        if (scan != null && scan.hasFiles()) {
            m.put("files_read", scan.filesRead());
            m.put("files_skipped", scan.filesSkipped());
        }
        return m;
    }

    private static void putAggregate(Map<String, Object> m, AggregateMetrics agg) {
        m.put("input_rows", agg.inputRows);
        m.put("input_batches", agg.inputBatches);
        m.put("groups", agg.groups);
        m.put("blocks", agg.blocks);
        m.put("build_ms", millis(agg.buildNanos));
        m.put("drain_ms", millis(agg.drainNanos));
        m.put("ttfb_ms", agg.firstBatchNanos < 0 ? null : millis(agg.firstBatchNanos));
        m.put("max_gap_ms", millis(agg.maxBatchGapNanos));
        m.put("pool_pct_at_half", percent(agg.poolAtHalfDrain, agg.poolAfterFirstBatch));
        m.put("live_pct_at_half", percent(agg.liveAtHalfDrain, agg.liveAfterFirstBatch));
        m.put("spill_write_count", agg.spillWriteCount);
        m.put("spill_write_bytes", agg.spilledBytes);
        m.put("spill_write_ms", millis(agg.spillWriteNanos));
        m.put("spill_read_count", agg.spillReadCount);
        m.put("spill_read_bytes", agg.spillReadBytes);
        m.put("spill_read_ms", millis(agg.spillReadNanos));
        m.put("spill_partitions", agg.spilledPartitions);
        m.put("spill_files", agg.spillFiles);
        m.put("spill_depth", agg.spillDepth);
        m.put("spill_state_bytes", agg.spillStateBytes);
        m.put("spill_format", agg.spillFormat.isEmpty() ? null : agg.spillFormat);
        m.put("threads", agg.threads);
        m.put("parallel", agg.serialReason.isEmpty() ? null : agg.serialReason);
        m.put("exchange_bytes", agg.exchangeBytes);
        m.put("exchange_batches", agg.exchangeBatches);
        m.put("table_merged_groups", agg.tableMergedGroups);
        m.put("passthrough_rows", agg.passthroughRows);
        m.put("direct_rows", agg.directRows);
        m.put("partial_ms", millis(agg.partialNanos));
        m.put("merge_ms", millis(agg.mergeNanos));
    }

    private static Long known(long value) {
        return value < 0 ? null : value;
    }

    private static Double millis(long nanos) {
        return Math.round(nanos / NANOS_PER_MILLI * 1000) / 1000.0;
    }

    /** {@code part} as a percentage of {@code whole}, one decimal; null if either is unknown. */
    private static Double percent(long part, long whole) {
        if (part < 0 || whole <= 0) {
            return null;
        }
        return Math.round(part * 1000.0 / whole) / 10.0;
    }
}
