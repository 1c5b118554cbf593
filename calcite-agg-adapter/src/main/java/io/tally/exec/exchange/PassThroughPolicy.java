package io.tally.exec.exchange;

/**
 * When a partial table of a parallel aggregate ({@code io.tally.exec.ParallelAggregator}) stops
 * probing and passes its input on as one partial state per row ({@code io.tally.exec.RowStates}):
 * after it has aggregated {@code sampleRows} rows since it last started sampling, if at least
 * {@code uniqueShare} of them made new groups (the table would only copy them on), until it has
 * passed {@code recheckRows} rows on; then it samples again, so input whose keys start repeating
 * goes back to being aggregated.
 */
public record PassThroughPolicy(long sampleRows, double uniqueShare, long recheckRows) {
  /**
   * Rows a partial table aggregates before judging its keys: two 64 Ki-row scan batches, enough
   * that a key domain of a few ten thousand values already shows repeats.
   */
  static final long SAMPLE_ROWS = 1L << 17;
  /**
   * Share of sampled rows that must have made new groups: above it the partial table saves
   * almost nothing (every group is still merged once per worker) but costs a probe, a key copy
   * into its blocks and a copy out again.
   */
  static final double UNIQUE_SHARE = 0.9;
  /** Rows passed on between two samples (a re-check costs one sample of probing). */
  static final long RECHECK_ROWS = 1L << 22;

  /** The engine's policy. */
  public static final PassThroughPolicy DEFAULT = new PassThroughPolicy(SAMPLE_ROWS, UNIQUE_SHARE,
      RECHECK_ROWS);
  /** Never passes rows through (for A/B comparisons and tests). */
  public static final PassThroughPolicy OFF = new PassThroughPolicy(Long.MAX_VALUE, 2.0, 0);

  public PassThroughPolicy {
    if (sampleRows < 1 || recheckRows < 0 || !(uniqueShare > 0)) {
      throw new IllegalArgumentException("pass-through policy needs sampleRows >= 1, recheckRows"
          + " >= 0 and uniqueShare > 0, got " + sampleRows + ", " + recheckRows + ", "
          + uniqueShare);
    }
  }

  /** Whether a sample of {@code rows} rows that made {@code groups} groups should pass through. */
  boolean passes(long rows, long groups) {
    return rows >= sampleRows && groups >= uniqueShare * rows;
  }
}
