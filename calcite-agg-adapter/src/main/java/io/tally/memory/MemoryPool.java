package io.tally.memory;

import java.util.Locale;

/**
 * The per-query budget of reserved bytes ("pool"): operators reserve before they grow and release
 * when they free; a reservation that would pass {@code memory_limit} is refused. Thread-safe.
 */
public final class MemoryPool {
  private final long limit;
  private long reserved;
  private long peak;

  /** Creates a pool admitting at most {@code limitBytes} reserved bytes at any time. */
  public MemoryPool(long limitBytes) {
    if (limitBytes <= 0) {
      throw new IllegalArgumentException("memory_limit must be positive, got " + limitBytes);
    }
    this.limit = limitBytes;
  }

  /** Reserves {@code bytes} if they fit under the limit; returns whether they were reserved. */
  public synchronized boolean tryReserve(long bytes) {
    checkNonNegative(bytes);
    long next = Math.addExact(reserved, bytes);
    if (next > limit) {
      return false;
    }
    reserved = next;
    peak = Math.max(peak, next);
    return true;
  }

  /** Returns {@code bytes} previously reserved. */
  public synchronized void release(long bytes) {
    checkNonNegative(bytes);
    if (bytes > reserved) {
      throw new IllegalStateException("releasing " + bytes + " bytes but only " + reserved + " reserved");
    }
    reserved -= bytes;
  }

  public long limit() {
    return limit;
  }

  public synchronized long reserved() {
    return reserved;
  }

  /** The highest number of bytes reserved at once. */
  public synchronized long peak() {
    return peak;
  }

  /** Formats a byte count the way limit errors print it, e.g. {@code 256.0 MiB}. */
  public static String formatBytes(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double value = bytes;
    int unit = 0;
    while (Math.abs(value) >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }

  private static void checkNonNegative(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("negative byte count " + bytes);
    }
  }
}
