package io.tally.exec.hash;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * One group-key column stored column-wise in blocks of {@link BlockLayout#size()} groups, in
 * group-id order. Records never move: new groups append to the last block, and a drained block is
 * freed as a whole. Per block: a values buffer of {@link #valueWidth()} bytes per group and a
 * null-flag buffer of one byte per group. Block 0 starts small and doubles (copying) until full,
 * before block 1 exists.
 */
public abstract class KeyColumn implements AutoCloseable {
    public final DataType type;
    public final BlockLayout layout;
    final OperatorMemory memory;

    /** Per block: the values buffer, or {@code null} once released. */
    final List<ArrowBuf> blocks = new ArrayList<>();

    /** Per block: one null-flag byte per group (1 = NULL), or {@code null} once released. */
    final List<ArrowBuf> nulls = new ArrayList<>();

    /**
     * Per block: native address of the values buffer and of the null flags (0 once released), kept
     * in step with {@link #blocks} and {@link #nulls} so probes read keys without list lookups.
     */
    long[] valueAddress = new long[8];

    long[] nullAddress = new long[8];

    /** Groups block 0 has room for. */
    int firstCapacity;

    /** The current batch's values for this key. */
    DecodedColumn input;

    KeyColumn(DataType type, BlockLayout layout, OperatorMemory memory) {
        this.type = type;
        this.layout = layout;
        this.memory = memory;
    }

    public static KeyColumn create(DataType type, BlockLayout layout, OperatorMemory memory) {
        return type.family() == ColumnType.Family.BYTES
                ? new VarKeyColumn(type, layout, memory)
                : new FixedKeyColumn(type, layout, memory);
    }

    void bind(DecodedColumn column) {
        this.input = column;
    }

    /**
     * Folds this column's value hash of rows {@code 0..n-1} into {@code hashes}; also does what
     * {@link #prepare} does.
     */
    abstract void hash(long[] hashes, int n);

    /**
     * Readies rows {@code 0..n-1} of the bound input for {@link #equalsRow} and {@link #append}
     * without hashing them (their hashes came from elsewhere); nothing for columns that read the
     * input as it is.
     */
    void prepare(int n) {}

    /** Whether group {@code gid}'s stored key equals input row {@code row} (NULL equals NULL). */
    abstract boolean equalsRow(int gid, int row);

    /** Stores input row {@code row}'s value as group {@code gid}'s key (its block exists). */
    abstract void append(int gid, int row);

    /**
     * Whether group {@code gid}'s stored key equals group {@code srcGid}'s key stored in {@code
     * src}, a column of the same type (NULL equals NULL).
     */
    abstract boolean equalsStored(int gid, KeyColumn src, int srcGid);

    /**
     * Copies group {@code srcGid}'s key stored in {@code src} (same type) as group {@code gid}'s
     * key (its block exists).
     */
    abstract void appendStored(int gid, KeyColumn src, int srcGid);

    /** Upper bound of the variable-width key bytes block {@code block} holds; 0 for fixed width. */
    long storedBytes(int block) {
        return 0;
    }

    /** Bytes per group in the values buffer. */
    abstract int valueWidth();

    /** Allocates the next block (block 0 at its first, small capacity). */
    void addBlock() {
        int capacity = blocks.isEmpty() ? layout.firstBlockCapacity(1) : layout.size();
        blocks.add(memory.allocate((long) capacity * valueWidth()));
        nulls.add(null);
        nulls.set(nulls.size() - 1, memory.allocate(capacity));
        refreshAddresses(blocks.size() - 1);
        if (blocks.size() == 1) {
            firstCapacity = capacity;
        }
    }

    /**
     * Upper bound of the bytes this column newly allocates while the table goes from {@code before}
     * to at most {@code after} groups whose key bytes total {@code varBytes}.
     */
    long growthBound(int before, int after, long varBytes) {
        long perGroup = valueWidth() + 1L;
        long bytes = 0;
        if (before < layout.size() && after > firstCapacity) {
            bytes +=
                    2
                            * memory.rounded(
                                    layout.firstBlockCapacity(Math.min(after, layout.size()))
                                            * perGroup);
        }
        int newBlocks =
                Math.max(0, layout.blocksFor(after) - Math.max(1, layout.blocksFor(before)));
        bytes += newBlocks * memory.rounded(layout.size() * perGroup);
        return bytes + regionGrowthBound(newBlocks, varBytes);
    }

    /** Extra bytes for variable-width key bytes; none for fixed-width keys. */
    long regionGrowthBound(int newBlocks, long varBytes) {
        return 0;
    }

    /**
     * Writes the keys of groups {@code gids[0..n-1]} (any blocks, in that order) into rows {@code
     * 0..n-1} of {@code out}.
     */
    public abstract void writeRows(int[] gids, int n, FieldVector out);

    /** Grows block 0 so it holds {@code groups} groups (no-op if it already does). */
    void growFirstBlock(int groups) {
        if (groups <= firstCapacity) {
            return;
        }
        int capacity = layout.firstBlockCapacity(groups);
        ArrowBuf values = memory.allocate((long) capacity * valueWidth());
        values.setBytes(0, blocks.get(0), 0, (long) firstCapacity * valueWidth());
        memory.free(blocks.get(0));
        blocks.set(0, values);
        ArrowBuf flags = memory.allocate(capacity);
        flags.setBytes(0, nulls.get(0), 0, firstCapacity);
        memory.free(nulls.get(0));
        nulls.set(0, flags);
        refreshAddresses(0);
        firstCapacity = capacity;
    }

    /** Re-reads block {@code block}'s buffer addresses after it was allocated, moved or freed. */
    final void refreshAddresses(int block) {
        if (block >= valueAddress.length) {
            valueAddress =
                    Arrays.copyOf(valueAddress, Math.max(block + 1, valueAddress.length * 2));
            nullAddress = Arrays.copyOf(nullAddress, valueAddress.length);
        }
        ArrowBuf values = blocks.get(block);
        ArrowBuf flags = block < nulls.size() ? nulls.get(block) : null;
        valueAddress[block] = values == null ? 0 : values.memoryAddress();
        nullAddress[block] = flags == null ? 0 : flags.memoryAddress();
    }

    /** Group {@code gid}'s null flag read by address (1 = NULL). */
    final byte nullFlag(int gid) {
        return MemoryUtil.getByte(nullAddress[gid >>> layout.shift()] + (gid & layout.mask()));
    }

    final boolean storedNull(int gid) {
        return nulls.get(gid >>> layout.shift()).getByte(gid & layout.mask()) != 0;
    }

    final void markNull(int gid) {
        nulls.get(gid >>> layout.shift()).setByte(gid & layout.mask(), 1);
    }

    /** Writes the keys of block {@code block} ({@code rows} groups) into {@code out}. */
    public abstract void write(int block, int rows, FieldVector out);

    /** The LONG-family key of group {@code gid}. */
    public abstract long longAt(int gid);

    /** Frees block {@code block}'s memory. */
    void releaseBlock(int block) {
        ArrowBuf buf = blocks.get(block);
        if (buf != null) {
            memory.free(buf);
            blocks.set(block, null);
        }
        ArrowBuf flags = block < nulls.size() ? nulls.get(block) : null;
        if (flags != null) {
            memory.free(flags);
            nulls.set(block, null);
        }
        if (block < blocks.size()) {
            refreshAddresses(block);
        }
    }

    @Override
    public void close() {
        for (int b = 0; b < blocks.size(); b++) {
            releaseBlock(b);
        }
    }
}
