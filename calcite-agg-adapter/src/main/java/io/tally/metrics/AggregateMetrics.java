package io.tally.metrics;

/**
 * What one aggregate operator did: rows and batches in and out, groups and blocks, build and
 * drain timings (System.nanoTime), and pool (reserved) / live (allocated) memory at the points
 * the drain is judged by. Spill counters are filled in by the spilling path. Plain mutable
 * object written by the operator's thread; read it after the operator finished.
 *
 * <p>{@code EXPLAIN ANALYZE} prints every field (see {@link ExplainMetrics}); time spent in spill
 * writes and reads is the operator's wait time.
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
  /** Bytes written to spill files (the {@code spill_write_bytes} of EXPLAIN ANALYZE). */
  public long spilledBytes;
  public long spilledPartitions;
  public long spillFiles;
  /** Batches written to spill files. */
  public long spillWriteCount;
  /** Time spent writing spill files. */
  public long spillWriteNanos;
  /** Batches read back from spill files. */
  public long spillReadCount;
  /** Bytes read back from spill files. */
  public long spillReadBytes;
  /** Time spent reading spill files. */
  public long spillReadNanos;

  @Override
  public String toString() {
    return "AggregateMetrics{input_rows=" + inputRows + ", input_batches=" + inputBatches
        + ", groups=" + groups + ", blocks=" + blocks + ", output_rows=" + outputRows
        + ", output_batches=" + outputBatches + ", build_ns=" + buildNanos + ", drain_ns=" + drainNanos
        + ", first_batch_ns=" + firstBatchNanos + ", max_batch_gap_ns=" + maxBatchGapNanos
        + ", pool_peak=" + poolPeak + ", live_peak=" + livePeak
        + ", pool_after_first_batch=" + poolAfterFirstBatch + ", live_after_first_batch=" + liveAfterFirstBatch
        + ", pool_at_half_drain=" + poolAtHalfDrain + ", live_at_half_drain=" + liveAtHalfDrain
        + ", spilled_bytes=" + spilledBytes + ", spilled_partitions=" + spilledPartitions
        + ", spill_files=" + spillFiles + ", spill_write_count=" + spillWriteCount
        + ", spill_write_ns=" + spillWriteNanos + ", spill_read_count=" + spillReadCount
        + ", spill_read_bytes=" + spillReadBytes + ", spill_read_ns=" + spillReadNanos + "}";
  }
}
