package io.tally.exec.state;

import io.tally.batch.VectorWriter;
import org.apache.arrow.memory.ArrowBuf;

/** 128-bit two's-complement arithmetic on (low, high) words stored little-endian in a buffer. */
final class Int128 {
  private Int128() {}

  /** Adds {@code (lo, hi)} to the value at {@code at}; throws ArithmeticException on overflow. */
  static void addTo(ArrowBuf buf, long at, long lo, long hi) {
    long aLo = buf.getLong(at);
    long aHi = buf.getLong(at + 8);
    long sumLo = aLo + lo;
    long carry = Long.compareUnsigned(sumLo, aLo) < 0 ? 1 : 0;
    long sumHi = aHi + hi + carry;
    if (((aHi ^ sumHi) & (hi ^ sumHi)) < 0) {
      throw new ArithmeticException("128-bit overflow");
    }
    buf.setLong(at, sumLo);
    buf.setLong(at + 8, sumHi);
  }

  /** Signed comparison of {@code (aLo, aHi)} with {@code (bLo, bHi)}. */
  static int compare(long aLo, long aHi, long bLo, long bHi) {
    int c = Long.compare(aHi, bHi);
    return c != 0 ? c : Long.compareUnsigned(aLo, bLo);
  }

  /** The value as a double, given its decimal scale. */
  static double toDouble(long lo, long hi, int scale) {
    if (hi == (lo >> 63) && scale == 0) {
      return lo;
    }
    return new java.math.BigDecimal(VectorWriter.toBigInteger(lo, hi), scale).doubleValue();
  }
}
