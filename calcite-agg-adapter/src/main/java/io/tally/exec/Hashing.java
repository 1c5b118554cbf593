package io.tally.exec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.util.MemoryUtil;

/** Tally's 64-bit hashing of key values and its byte-string comparison helpers. */
final class Hashing {
  /** Start value of a row hash before any key column is folded in. */
  static final long SEED = 0x2545F4914F6CDD1DL;
  /** Hash contribution of a NULL key value. */
  static final long NULL_HASH = 0x5851F42D4C957F2DL;
  private static final long M1 = 0x9E3779B97F4A7C15L;
  private static final long M2 = 0xD6E8FEB86659FD93L;
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private Hashing() {}

  /** Scrambles a 64-bit value so every input bit affects the high 32 bits. */
  static long mix(long x) {
    long h = (x ^ (x >>> 31)) * M1;
    h = (h ^ (h >>> 29)) * M2;
    return h ^ (h >>> 32);
  }

  /** Folds one column's value hash into a row hash (order-sensitive). */
  static long combine(long rowHash, long valueHash) {
    return (Long.rotateLeft(rowHash, 23) ^ valueHash) * M1;
  }

  /** Hash of {@code b[from .. to)}. */
  static long hashBytes(byte[] b, int from, int to) {
    long h = M2 ^ (to - from);
    int i = from;
    for (; i + 8 <= to; i += 8) {
      h = Long.rotateLeft(h ^ mix((long) LONGS.get(b, i)), 27) * M1;
    }
    long tail = 0;
    for (int shift = 0; i < to; i++, shift += 8) {
      tail |= (b[i] & 0xFFL) << shift;
    }
    return mix(h ^ mix(tail));
  }

  /**
   * Whether {@code b[from .. from+len)} equals the {@code len} bytes at native {@code address}.
   * Reads memory without bounds checks: the caller guarantees {@code address .. address+len)}
   * lies inside a live buffer (a key region it owns).
   */
  static boolean equalBytes(byte[] b, int from, long address, int len) {
    int i = 0;
    for (; i + 8 <= len; i += 8) {
      if ((long) LONGS.get(b, from + i) != MemoryUtil.getLong(address + i)) {
        return false;
      }
    }
    for (; i < len; i++) {
      if (b[from + i] != MemoryUtil.getByte(address + i)) {
        return false;
      }
    }
    return true;
  }
}
