package io.tally.batch;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;

/**
 * Encodes a VARCHAR ARRAY value as a byte string usable as a group key: equal arrays give equal
 * bytes. Layout (big-endian ints): {@code [item count:int]} then per item either {@code [0]}
 * for NULL or {@code [1][length:int][UTF-8 bytes]}.
 */
public final class ArrayCodec {
  private ArrayCodec() {}

  /**
   * Encodes rows {@code 0..n-1} of {@code list} into {@code out} (grown if needed), filling
   * {@code offsets}; NULL arrays (already marked in {@code nulls}) encode as empty.
   */
  public static byte[] encodeBatch(ListVector list, int first, int n, byte[] nulls, int[] offsets, byte[] out) {
    if (!(list.getDataVector() instanceof VarCharVector)) {
      throw new TallyException("VARCHAR ARRAY input must be a ListVector of VarCharVector, got "
          + list.getDataVector().getClass().getSimpleName());
    }
    VarCharVector items = (VarCharVector) list.getDataVector();
    ArrowBuf listOffsets = list.getOffsetBuffer();
    int pos = 0;
    for (int i = 0; i < n; i++) {
      offsets[i] = pos;
      if (nulls[i] != 0) {
        continue;
      }
      int from = listOffsets.getInt((long) (first + i) * 4);
      int to = listOffsets.getInt((long) (first + i + 1) * 4);
      out = grow(out, pos + 4);
      pos = putInt(out, pos, to - from);
      for (int j = from; j < to; j++) {
        if (items.isNull(j)) {
          out = grow(out, pos + 1);
          out[pos++] = 0;
        } else {
          byte[] item = items.get(j);
          out = grow(out, pos + 5 + item.length);
          out[pos++] = 1;
          pos = putInt(out, pos, item.length);
          System.arraycopy(item, 0, out, pos, item.length);
          pos += item.length;
        }
      }
    }
    offsets[n] = pos;
    return out;
  }

  /** Decodes one encoded array into Java strings (NULL items as {@code null}). */
  static List<String> decode(byte[] b, int from, int to) {
    int count = getInt(b, from);
    int pos = from + 4;
    List<String> items = new ArrayList<>(count);
    for (int k = 0; k < count; k++) {
      if (b[pos++] == 0) {
        items.add(null);
      } else {
        int len = getInt(b, pos);
        pos += 4;
        items.add(new String(b, pos, len, StandardCharsets.UTF_8));
        pos += len;
      }
    }
    if (pos != to) {
      throw new IllegalStateException("corrupt array key encoding");
    }
    return items;
  }

  /** Encodes a Java list of strings (items may be {@code null}). */
  public static byte[] encode(List<?> items) {
    byte[] out = new byte[64];
    int pos = putInt(out = grow(out, 4), 0, items.size());
    for (Object o : items) {
      if (o == null) {
        out = grow(out, pos + 1);
        out[pos++] = 0;
      } else {
        byte[] item = o.toString().getBytes(StandardCharsets.UTF_8);
        out = grow(out, pos + 5 + item.length);
        out[pos++] = 1;
        pos = putInt(out, pos, item.length);
        System.arraycopy(item, 0, out, pos, item.length);
        pos += item.length;
      }
    }
    return java.util.Arrays.copyOf(out, pos);
  }

  /** Appends a decoded array value as row {@code row} of {@code list}. */
  public static void write(ListVector list, int row, byte[] b, int from, int to) {
    UnionListWriter w = list.getWriter();
    w.setPosition(row);
    w.startList();
    for (String s : decode(b, from, to)) {
      if (s == null) {
        w.writeNull();
      } else {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        try (ArrowBuf tmp = list.getAllocator().buffer(Math.max(1, utf8.length))) {
          tmp.setBytes(0, utf8);
          w.varChar().writeVarChar(0, utf8.length, tmp);
        }
      }
    }
    w.endList();
  }

  private static byte[] grow(byte[] b, int need) {
    return need <= b.length ? b : java.util.Arrays.copyOf(b, Math.max(need, b.length * 2));
  }

  private static int putInt(byte[] b, int pos, int v) {
    b[pos] = (byte) (v >>> 24);
    b[pos + 1] = (byte) (v >>> 16);
    b[pos + 2] = (byte) (v >>> 8);
    b[pos + 3] = (byte) v;
    return pos + 4;
  }

  private static int getInt(byte[] b, int pos) {
    return ((b[pos] & 0xFF) << 24) | ((b[pos + 1] & 0xFF) << 16) | ((b[pos + 2] & 0xFF) << 8)
        | (b[pos + 3] & 0xFF);
  }
}
