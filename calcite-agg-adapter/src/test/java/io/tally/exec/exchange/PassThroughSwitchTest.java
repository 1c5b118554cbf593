package io.tally.exec.exchange;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link PassThroughSwitch} under hand-set {@link PassThroughPolicy} numbers. */
class PassThroughSwitchTest {
  private static final PassThroughPolicy POLICY = new PassThroughPolicy(100, 0.9, 250);

  @Test
  void switchesAfterAUniqueSampleAndSamplesAgainAfterTheRecheckRows() {
    PassThroughSwitch s = new PassThroughSwitch(POLICY);
    assertFalse(s.aggregated(60, 60));
    assertFalse(s.passing());
    assertTrue(s.aggregated(60, 115));
    assertTrue(s.passing());
    s.passed(200);
    assertTrue(s.passing());
    s.passed(50);
    assertFalse(s.passing(), "250 rows passed: sample again");
    assertFalse(s.aggregated(100, 10), "repeating keys keep aggregating");
    assertFalse(s.aggregated(1000, 20));
    assertFalse(s.passing());
  }

  @Test
  void aFlushStartsANewSample() {
    PassThroughSwitch s = new PassThroughSwitch(POLICY);
    assertFalse(s.aggregated(90, 90));
    s.flushed();
    assertFalse(s.aggregated(20, 20), "only 20 rows since the flush");
    assertTrue(s.aggregated(80, 100));
  }

  @Test
  void offNeverPassesAndBadNumbersAreRefused() {
    PassThroughSwitch s = new PassThroughSwitch(PassThroughPolicy.OFF);
    assertFalse(s.aggregated(Integer.MAX_VALUE, Integer.MAX_VALUE));
    assertThrows(IllegalArgumentException.class, () -> new PassThroughPolicy(0, 0.9, 1));
    assertThrows(IllegalArgumentException.class, () -> new PassThroughPolicy(1, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> new PassThroughPolicy(1, 0.9, -1));
  }
}
