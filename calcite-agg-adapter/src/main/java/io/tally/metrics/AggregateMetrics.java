package io.tally.metrics;

/**
 * What one aggregate operator did: rows and batches in and out, groups and blocks, build and
 * drain timings (System.nanoTime), and pool (reserved) / live (allocated) memory at the points
 * the drain is judged by. Spill counters are filled in by the spilling path. Plain mutable
 * object written by the operator's thread; read it after the operator finished.
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
  public long spilledBytes;
  public long spilledPartitions;
  public long spillFiles;

  @Override
  public String toString() {
    return "AggregateMetrics{input_rows=" + inputRows + ", input_batches=" + inputBatches
        + ", groups=" + groups + ", blocks=" + blocks + ", output_rows=" + outputRows
        + ", output_batches=" + outputBatches + ", build_ns=" + buildNanos + ", drain_ns=" + drainNanos
        + ", first_batch_ns=" + firstBatchNanos + ", max_batch_gap_ns=" + maxBatchGapNanos
        + ", pool_peak=" + poolPeak + ", live_peak=" + livePeak
        + ", pool_after_first_batch=" + poolAfterFirstBatch + ", live_after_first_batch=" + liveAfterFirstBatch
        + ", pool_at_half_drain=" + poolAtHalfDrain + ", live_at_half_drain=" + liveAtHalfDrain
        + ", spilled_bytes=" + spilledBytes + "}";
  }
}
