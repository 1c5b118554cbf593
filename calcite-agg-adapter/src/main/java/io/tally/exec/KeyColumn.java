package io.tally.exec;

import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

/**
 * One group-key column stored column-wise in blocks of {@link BlockLayout#size()} groups, in
 * group-id order. Records never move: new groups append to the last block, and a drained block
 * is freed as a whole.
 */
abstract class KeyColumn implements AutoCloseable {
  final DataType type;
  final BlockLayout layout;
  final OperatorMemory memory;
  /** Per block: the block's buffer, or {@code null} once released. */
  final List<ArrowBuf> blocks = new ArrayList<>();
  /** The current batch's values for this key. */
  DecodedColumn input;

  KeyColumn(DataType type, BlockLayout layout, OperatorMemory memory) {
    this.type = type;
    this.layout = layout;
    this.memory = memory;
  }

  static KeyColumn create(DataType type, BlockLayout layout, OperatorMemory memory) {
    return type.family() == ColumnType.Family.BYTES
        ? new VarKeyColumn(type, layout, memory)
        : new FixedKeyColumn(type, layout, memory);
  }

  void bind(DecodedColumn column) {
    this.input = column;
  }

  /** Folds this column's value hash of rows {@code 0..n-1} into {@code hashes}. */
  abstract void hash(long[] hashes, int n);

  /** Whether group {@code gid}'s stored key equals input row {@code row} (NULL equals NULL). */
  abstract boolean equalsRow(int gid, int row);

  /** Stores input row {@code row}'s value as group {@code gid}'s key (its block exists). */
  abstract void append(int gid, int row);

  /** Allocates the next block. */
  abstract void addBlock();

  /** Writes the keys of block {@code block} ({@code rows} groups) into {@code out}. */
  abstract void write(int block, int rows, FieldVector out);

  /** The LONG-family key of group {@code gid}. */
  abstract long longAt(int gid);

  /** Frees block {@code block}'s memory. */
  void releaseBlock(int block) {
    ArrowBuf buf = blocks.get(block);
    if (buf != null) {
      memory.free(buf);
      blocks.set(block, null);
    }
  }

  @Override
  public void close() {
    for (int b = 0; b < blocks.size(); b++) {
      releaseBlock(b);
    }
  }
}
