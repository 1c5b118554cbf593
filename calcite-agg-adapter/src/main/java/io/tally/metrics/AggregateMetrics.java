package io.tally.metrics;

import io.tally.spill.SpillCounters;
import java.util.function.LongSupplier;

/**
 * What one aggregate operator did: rows and batches in and out, groups and blocks, build and drain
 * timings (System.nanoTime), and pool (reserved) / live (allocated) memory at the points the drain
 * is judged by. Spill counters are filled in by the spilling path. Plain mutable object written by
 * the operator's thread; read it after the operator finished.
 *
 * <p>The bookkeeping every aggregator does the same way lives here too: the drain's timing and
 * memory readings ({@link #drainStarted}, {@link #batchOut}, {@link #drainEnded}) and the spill
 * figures, set from one spiller ({@link #spilled}) or summed over several aggregators ({@link
 * #addSpill}).
 */
public final class AggregateMetrics {
    public long inputRows;
    public long inputBatches;
    public long groups;
    public long blocks;
    public long outputRows;
    public long outputBatches;

    /** First sink to finish. */
    public long buildNanos;

    /** Finish to the end of the last batch. */
    public long drainNanos;

    /** Finish to the first output batch. */
    public long firstBatchNanos = -1;

    /** Longest time between two consecutive output batches being handed out. */
    public long maxBatchGapNanos;

    public long poolPeak;
    public long livePeak;
    public long poolAfterFirstBatch = -1;
    public long liveAfterFirstBatch = -1;

    /** Memory once at least half the groups have been emitted. */
    public long poolAtHalfDrain = -1;

    public long liveAtHalfDrain = -1;

    /** Bytes written to spill files (same as {@link #spillWriteBytes}). */
    public long spilledBytes;

    /** Partition files written (same as {@link #spillPartitions}). */
    public long spilledPartitions;

    public long spillFiles;

    /** Spilled batches written ({@code spill_write_count}). */
    public long spillWriteCount;

    /**
     * Rows in the spilled batches written (groups and DISTINCT pairs, counted again at each level).
     */
    public long spillWriteRows;

    /** Bytes written to spill files, frames included ({@code spill_write_bytes}). */
    public long spillWriteBytes;

    /**
     * Time spent spilling: serializing, partitioning, encoding, writing ({@code spill_write_ms}).
     */
    public long spillWriteNanos;

    /** Spilled batches read back ({@code spill_read_count}). */
    public long spillReadCount;

    public long spillReadBytes;

    /** Time spent reading and decoding spilled batches ({@code spill_read_ms}). */
    public long spillReadNanos;

    /** Time blocked in spill-file read and write calls ({@code spill_wait_ms}). */
    public long spillWaitNanos;

    /** Partition files with main state batches ({@code spill_partitions}). */
    public long spillPartitions;

    /**
     * Deepest repartitioning level reached, 0 when no partition had to be split ({@code
     * spill_depth}).
     */
    public long spillDepth;

    /** Uncompressed bytes of state columns written ({@code spill_state_bytes}), keys excluded. */
    public long spillStateBytes;

    /** The state layout used, {@code columns} or {@code binary} ({@code spill_format}). */
    public String spillFormat = "";

    /** Times the operator spilled its groups while building. */
    public long spillCount;

    /** Threads that built the groups ({@code threads}); 1 for the single-thread path. */
    public long threads = 1;

    /** Why a parallel-capable run used one thread ({@code parallel}), empty otherwise. */
    public String serialReason = "";

    /** Bytes of partial-state batches handed to the final partitions ({@code exchange_bytes}). */
    public long exchangeBytes;

    /**
     * Input rows partial tables passed to the final partitions as one state per row instead of
     * aggregating them, their keys being almost all new ({@code passthrough_rows}).
     */
    public long passthroughRows;

    /**
     * Input rows whose group ids came from a direct index (array slots by key value) rather than
     * from hashing alone, hits and misses ({@code direct_rows}).
     */
    public long directRows;

    /** Partial-state batches handed to the final partitions ({@code exchange_batches}). */
    public long exchangeBatches;

    /**
     * Groups partial tables handed to the final tables table to table, keys read in place rather
     * than exchanged as batches ({@code table_merged_groups}).
     */
    public long tableMergedGroups;

    /** Wall time until every worker had consumed its input ({@code partial_ms}). */
    public long partialNanos;

    /**
     * Wall time from then until every final partition was merged and finished ({@code merge_ms}).
     */
    public long mergeNanos;

    /** CPU time of the worker threads, summed over the threads. */
    public long workerCpuNanos;

    /** When the drain started (finish), for the times above; not a metric. */
    private long drainStart;

    /** When the previous output batch was handed out; not a metric. */
    private long lastBatchAt;

    /** The groups are ready to drain at {@code now} (System.nanoTime). */
    public void drainStarted(long now) {
        drainStart = now;
        lastBatchAt = now;
    }

    /**
     * An output batch of {@code rows} rows is handed out at {@code now}: counts it, the gap since
     * the previous one, and the operator's memory ({@code pool} reserved, {@code live} allocated)
     * at the first batch and once half the groups are out.
     */
    public void batchOut(long now, int rows, LongSupplier pool, LongSupplier live) {
        outputBatches++;
        outputRows += rows;
        maxBatchGapNanos = Math.max(maxBatchGapNanos, now - lastBatchAt);
        lastBatchAt = now;
        if (outputBatches == 1) {
            firstBatchNanos = now - drainStart;
            poolAfterFirstBatch = pool.getAsLong();
            liveAfterFirstBatch = live.getAsLong();
        }
        if (poolAtHalfDrain < 0 && outputRows * 2 >= groups) {
            poolAtHalfDrain = pool.getAsLong();
            liveAtHalfDrain = live.getAsLong();
        }
    }

    /** The last batch was handed out before {@code now}. */
    public void drainEnded(long now) {
        drainNanos = now - drainStart;
    }

    /**
     * Sets the spill figures to one spiller's totals so far: its file {@code counters}, the {@code
     * partitions} it wrote, the deepest repartitioning {@code depth}, the uncompressed {@code
     * stateBytes} and the state {@code format}.
     */
    public void spilled(
            SpillCounters counters, long partitions, long depth, long stateBytes, String format) {
        spillWriteCount = counters.writeCount;
        spillWriteRows = counters.writeRows;
        spillWriteBytes = counters.writeBytes;
        spilledBytes = counters.writeBytes;
        spillWriteNanos = counters.writeNanos;
        spillReadCount = counters.readCount;
        spillReadBytes = counters.readBytes;
        spillReadNanos = counters.readNanos;
        spillWaitNanos = counters.waitNanos;
        spillFiles = counters.files;
        spillPartitions = partitions;
        spilledPartitions = partitions;
        spillDepth = depth;
        spillStateBytes = stateBytes;
        spillFormat = format;
    }

    /** Adds another aggregator's spill figures (a parallel aggregate sums its final tables'). */
    public void addSpill(AggregateMetrics m) {
        spillWriteCount += m.spillWriteCount;
        spillWriteRows += m.spillWriteRows;
        spillWriteBytes += m.spillWriteBytes;
        spilledBytes += m.spilledBytes;
        spillWriteNanos += m.spillWriteNanos;
        spillReadCount += m.spillReadCount;
        spillReadBytes += m.spillReadBytes;
        spillReadNanos += m.spillReadNanos;
        spillWaitNanos += m.spillWaitNanos;
        spillFiles += m.spillFiles;
        spillPartitions += m.spillPartitions;
        spilledPartitions += m.spilledPartitions;
        spillDepth = Math.max(spillDepth, m.spillDepth);
        spillStateBytes += m.spillStateBytes;
        if (!m.spillFormat.isEmpty()) {
            spillFormat = m.spillFormat;
        }
    }

    /** Milliseconds of a nanosecond counter, as the JSON keys report them. */
    public static double millis(long nanos) {
        return nanos / 1e6;
    }

    @Override
    public String toString() {
        return "AggregateMetrics{input_rows="
                + inputRows
                + ", input_batches="
                + inputBatches
                + ", groups="
                + groups
                + ", blocks="
                + blocks
                + ", output_rows="
                + outputRows
                + ", output_batches="
                + outputBatches
                + ", build_ns="
                + buildNanos
                + ", drain_ns="
                + drainNanos
                + ", first_batch_ns="
                + firstBatchNanos
                + ", max_batch_gap_ns="
                + maxBatchGapNanos
                + ", pool_peak="
                + poolPeak
                + ", live_peak="
                + livePeak
                + ", pool_after_first_batch="
                + poolAfterFirstBatch
                + ", live_after_first_batch="
                + liveAfterFirstBatch
                + ", pool_at_half_drain="
                + poolAtHalfDrain
                + ", live_at_half_drain="
                + liveAtHalfDrain
                + ", spill_count="
                + spillCount
                + ", spill_format="
                + spillFormat
                + ", spill_write_count="
                + spillWriteCount
                + ", spill_write_bytes="
                + spillWriteBytes
                + ", spill_write_ms="
                + millis(spillWriteNanos)
                + ", spill_read_count="
                + spillReadCount
                + ", spill_read_bytes="
                + spillReadBytes
                + ", spill_read_ms="
                + millis(spillReadNanos)
                + ", spill_wait_ms="
                + millis(spillWaitNanos)
                + ", spill_partitions="
                + spillPartitions
                + ", spill_depth="
                + spillDepth
                + ", spill_state_bytes="
                + spillStateBytes
                + ", threads="
                + threads
                + ", exchange_bytes="
                + exchangeBytes
                + ", exchange_batches="
                + exchangeBatches
                + ", table_merged_groups="
                + tableMergedGroups
                + ", passthrough_rows="
                + passthroughRows
                + ", direct_rows="
                + directRows
                + ", partial_ms="
                + millis(partialNanos)
                + ", merge_ms="
                + millis(mergeNanos)
                + ", worker_cpu_ms="
                + millis(workerCpuNanos)
                + "}";
    }
}
