package io.tally.exec.exchange;

/**
 * One worker's pass-through state under a {@link PassThroughPolicy}: counts the rows its partial
 * table aggregated since the sample began (a flush of the table starts a new sample) and the rows
 * passed on since it switched, and says which way the next batch goes.
 */
public final class PassThroughSwitch {
  private final PassThroughPolicy policy;
  private long sampled;
  private long passed;
  private boolean passing;

  public PassThroughSwitch(PassThroughPolicy policy) {
    this.policy = policy;
  }

  /** Whether the next batch is passed on instead of aggregated. */
  public boolean passing() {
    return passing;
  }

  /**
   * Records {@code rows} aggregated rows with the table now holding {@code groups} groups; true
   * when the table should now hand its groups on and the following batches pass through.
   */
  public boolean aggregated(int rows, long groups) {
    sampled += rows;
    if (policy.passes(sampled, groups)) {
      passing = true;
      passed = 0;
      return true;
    }
    return false;
  }

  /** The partial table was flushed (its groups handed on): sampling starts over. */
  public void flushed() {
    sampled = 0;
  }

  /** Records {@code rows} passed-on rows; after the policy's re-check count, samples again. */
  public void passed(int rows) {
    passed += rows;
    if (passed >= policy.recheckRows()) {
      passing = false;
      sampled = 0;
    }
  }
}
