package io.tally.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flatbuf.Block;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.Footer;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.vector.BufferLayout;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An independent map of what each byte of an (uncorrupted) Arrow IPC file is, used to judge a
 * corrupted copy: bytes of values (whose change no reader can see without a checksum) against
 * bytes of structure (magic, message lengths, metadata, footer, buffer prefixes, compressed
 * payloads, padding), whose change must never yield a different answer.
 *
 * <p>Three kinds of value bytes carry a constraint a reader can check, and count as values only
 * while the corrupted file still meets it: validity bitmaps (the zero bits among the rows must
 * number the field node's null count), interior string and list offsets (non-decreasing, within
 * the first and last offsets, so they only move the boundary between neighbouring values) and
 * dictionary indices (within the dictionary).
 */
final class ArrowRegions {
  /** What a byte of the file is. */
  enum Region {
    /** Structure: a change must give the original answer or an error. */
    STRUCT,
    /** Bytes no reader should use (padding, bits beyond the row count). */
    PAD,
    /** A value: any answer is acceptable. */
    VALUE,
    /** A validity bitmap bit of a row. */
    VALIDITY,
    /** An offset between the first and the last of a string or list offsets buffer. */
    OFFSET,
    /** A dictionary index of a row. */
    INDEX
  }

  /** A checkable value buffer: where it is and what the file says about it. */
  private record Checked(Region kind, int at, int rows, long nullCount, int validityAt,
      int first, int last, int dictionarySize) {}

  private final Region[] regions;
  private final List<Checked> checks = new ArrayList<>();

  private ArrowRegions(int length) {
    regions = new Region[length];
    Arrays.fill(regions, Region.STRUCT);
  }

  /** Maps an Arrow IPC file (the random-access format, compressed or not). */
  static ArrowRegions of(byte[] file) {
    ArrowRegions map = new ArrowRegions(file.length);
    ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    int footerLength = le.getInt(file.length - 10);
    int footerAt = file.length - 10 - footerLength;
    Footer footer = Footer.getRootAsFooter(slice(file, footerAt, footerLength));
    Schema schema = Schema.convertSchema(footer.schema());
    Map<Long, Field> dictionaryFields = new HashMap<>();
    Map<Long, Integer> dictionarySizes = new HashMap<>();
    collectDictionaries(schema.getFields(), dictionaryFields);
    for (int i = 0; i < footer.dictionariesLength(); i++) {
      Block block = footer.dictionaries(i);
      Message message = map.message(file, block);
      DictionaryBatch batch = (DictionaryBatch) message.header(new DictionaryBatch());
      Field values = dictionaryFields.get(batch.id());
      Field plain = new Field(values.getName(), new org.apache.arrow.vector.types.pojo.FieldType(
          true, values.getType(), null), values.getChildren());
      dictionarySizes.put(batch.id(), (int) batch.data().length());
      map.body(file, block, batch.data(), List.of(plain), Map.of());
    }
    for (int i = 0; i < footer.recordBatchesLength(); i++) {
      Block block = footer.recordBatches(i);
      Message message = map.message(file, block);
      if (message.headerType() != MessageHeader.RecordBatch) {
        throw new IllegalArgumentException("block " + i + " is not a record batch");
      }
      map.body(file, block, (RecordBatch) message.header(new RecordBatch()),
          schema.getFields(), dictionarySizes);
    }
    return map;
  }

  private static void collectDictionaries(List<Field> fields, Map<Long, Field> out) {
    for (Field f : fields) {
      if (f.getDictionary() != null) {
        out.put(f.getDictionary().getId(), f);
      }
      collectDictionaries(f.getChildren(), out);
    }
  }

  private static ByteBuffer slice(byte[] file, int at, int length) {
    return ByteBuffer.wrap(Arrays.copyOfRange(file, at, at + length))
        .order(ByteOrder.LITTLE_ENDIAN);
  }

  /** The message at {@code block} (its metadata stays STRUCT). */
  private Message message(byte[] file, Block block) {
    ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    int at = (int) block.offset();
    int prefix = le.getInt(at) == -1 ? 8 : 4;
    int length = le.getInt(at + prefix - 4);
    return Message.getRootAsMessage(slice(file, at + prefix, length));
  }

  /** Classifies the body of one batch whose metadata is {@code batch}. */
  private void body(byte[] file, Block block, RecordBatch batch, List<Field> fields,
      Map<Long, Integer> dictionarySizes) {
    int bodyAt = (int) (block.offset() + block.metaDataLength());
    Arrays.fill(regions, bodyAt, (int) (bodyAt + block.bodyLength()), Region.PAD);
    boolean compressed = batch.compression() != null;
    Iterator<int[]> nodes = new Iterator<>() {
      int next;
      @Override public boolean hasNext() {
        return next < batch.nodesLength();
      }
      @Override public int[] next() {
        FieldNode n = batch.nodes(next++);
        return new int[] {(int) n.length(), (int) n.nullCount()};
      }
    };
    int[] buffer = {0};
    for (Field f : fields) {
      field(file, bodyAt, batch, compressed, f, nodes, buffer, dictionarySizes);
    }
  }

  private void field(byte[] file, int bodyAt, RecordBatch batch, boolean compressed, Field f,
      Iterator<int[]> nodes, int[] buffer, Map<Long, Integer> dictionarySizes) {
    int[] node = nodes.next();
    int rows = node[0];
    ArrowType type = f.getDictionary() != null ? f.getDictionary().getIndexType() : f.getType();
    List<BufferLayout> layouts = TypeLayout.getTypeLayout(type).getBufferLayouts();
    int validityAt = -1;
    int[] span = null;
    for (BufferLayout layout : layouts) {
      org.apache.arrow.flatbuf.Buffer b = batch.buffers(buffer[0]++);
      int at = (int) (bodyAt + b.offset());
      int length = (int) b.length();
      if (length == 0) {
        continue;
      }
      if (compressed) {
        long uncompressed = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getLong(at);
        Arrays.fill(regions, at, at + length, Region.STRUCT);
        if (uncompressed != -1) {
          continue; // a checksummed compressed payload
        }
        at += Long.BYTES;
        length -= Long.BYTES;
      }
      switch (layout.getType()) {
        case VALIDITY:
          validityAt = at;
          mark(at, (rows + 7) / 8, Region.VALIDITY);
          checks.add(new Checked(Region.VALIDITY, at, rows, node[1], -1, 0, 0, 0));
          break;
        case OFFSET: {
          ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
          int first = le.getInt(at);
          int last = le.getInt(at + rows * 4);
          mark(at, 4, Region.STRUCT);
          mark(at + 4, (rows - 1) * 4, Region.OFFSET);
          mark(at + rows * 4, 4, Region.STRUCT);
          checks.add(new Checked(Region.OFFSET, at, rows, 0, -1, first, last, 0));
          span = new int[] {first, last};
          break;
        }
        case DATA:
          if (f.getType() instanceof ArrowType.Utf8) {
            // the bytes between the first and last offset are values (all, if those are unknown)
            mark(span == null ? at : at + span[0], span == null ? length : span[1] - span[0],
                Region.VALUE);
            break;
          }
          if (f.getDictionary() != null) {
            mark(at, rows * 4, Region.INDEX);
            checks.add(new Checked(Region.INDEX, at, rows, node[1], validityAt, 0, 0,
                dictionarySizes.get(f.getDictionary().getId())));
          } else if (type instanceof ArrowType.Bool) {
            mark(at, (rows + 7) / 8, Region.VALUE);
          } else {
            mark(at, rows * layout.getTypeBitWidth() / 8, Region.VALUE);
          }
          break;
        default:
          throw new IllegalArgumentException("unexpected buffer " + layout);
      }
    }
    if (f.getDictionary() == null) {
      for (Field child : f.getChildren()) {
        field(file, bodyAt, batch, compressed, child, nodes, buffer, dictionarySizes);
      }
    }
  }

  /** Positions worth corrupting more often: structure and the checkable value bytes. */
  int[] hotPositions() {
    return java.util.stream.IntStream.range(0, regions.length)
        .filter(i -> regions[i] != Region.VALUE && regions[i] != Region.PAD)
        .toArray();
  }

  private void mark(int at, int length, Region region) {
    Arrays.fill(regions, at, at + Math.max(0, length), region);
  }

  /**
   * Whether {@code corrupted}, a copy of the mapped file with some bytes changed (same length),
   * differs only in values that still meet their constraints.
   */
  boolean valueOnly(byte[] original, byte[] corrupted) {
    if (corrupted.length != original.length) {
      return false;
    }
    for (int i = 0; i < original.length; i++) {
      if (original[i] != corrupted[i]
          && (regions[i] == Region.STRUCT || regions[i] == Region.PAD)) {
        return false;
      }
    }
    ByteBuffer le = ByteBuffer.wrap(corrupted).order(ByteOrder.LITTLE_ENDIAN);
    for (Checked c : checks) {
      if (!meets(c, le)) {
        return false;
      }
    }
    return true;
  }

  /** Which regions the changed bytes fall in, for the report (e.g. "STRUCT+VALUE"). */
  String touched(byte[] original, byte[] corrupted) {
    if (corrupted.length != original.length) {
      return "LENGTH";
    }
    java.util.EnumSet<Region> set = java.util.EnumSet.noneOf(Region.class);
    for (int i = 0; i < original.length; i++) {
      if (original[i] != corrupted[i]) {
        set.add(regions[i]);
      }
    }
    return set.isEmpty() ? "NONE" : String.join("+", set.stream().map(Enum::name).toList());
  }

  private static boolean meets(Checked c, ByteBuffer le) {
    switch (c.kind()) {
      case VALIDITY: {
        long nulls = 0;
        for (int r = 0; r < c.rows(); r++) {
          if ((le.get(c.at() + (r >>> 3)) >>> (r & 7) & 1) == 0) {
            nulls++;
          }
        }
        return nulls == c.nullCount();
      }
      case OFFSET: {
        int previous = c.first();
        for (int r = 1; r < c.rows(); r++) {
          int offset = le.getInt(c.at() + r * 4);
          if (offset < previous || offset > c.last()) {
            return false;
          }
          previous = offset;
        }
        return true;
      }
      case INDEX: {
        for (int r = 0; r < c.rows(); r++) {
          boolean valid = c.nullCount() == 0 || c.validityAt() < 0
              || (le.get(c.validityAt() + (r >>> 3)) >>> (r & 7) & 1) != 0;
          int index = le.getInt(c.at() + r * 4);
          if (valid && (index < 0 || index >= c.dictionarySize())) {
            return false;
          }
        }
        return true;
      }
      default:
        throw new AssertionError(c.kind());
    }
  }
}
