package io.tally.exec.hash;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.batch.VectorWriter;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * A variable-width key column (VARCHAR, VARBINARY, encoded VARCHAR ARRAY).
 *
 * <p>Per block: a values buffer of {@link #ENTRY_BYTES}-byte entries and a byte region. An entry is
 * two words, {@code [a:int][length:int][b:long]} (little-endian, so the first word is {@code a |
 * length << 32}):
 *
 * <ul>
 *   <li>a key of at most {@link #INLINE_BYTES} bytes (VARCHAR and VARBINARY only) lives in the
 *       entry itself: {@code a} = bytes 0-3, {@code b} = bytes 4-11, zero-padded; it takes no
 *       region bytes, and a probe compares two words without touching the region;
 *   <li>a longer key (and every encoded array) lives in the region: {@code a} = its start there,
 *       {@code b} = its bytes 0-7 (a mismatch there needs no region load);
 *   <li>NULL: {@code length} = -1, {@code a} = {@code b} = 0.
 * </ul>
 *
 * The region of the block being filled starts at {@link #INITIAL_REGION_BYTES} and doubles when
 * full, always keeping {@link Hashing#TAIL_PAD} spare bytes after the last key for word-wise
 * comparison; earlier blocks' regions never change. The probe's comparison ({@link #equalsRow})
 * reads these buffers by address without bounds checks: slots below the group count are always
 * inside them.
 *
 * <p>{@link #hash} computes each input row's two entry words ({@link #words0}, {@link #words1}) as
 * it hashes, so {@link #equalsRow} and {@link #append} of the same rows reuse them.
 */
final class VarKeyColumn extends KeyColumn {
    /** First size of a block's byte region; small tables stay small. */
    static final int INITIAL_REGION_BYTES = 4096;

    /** Longest key kept inside its entry: the 12 bytes of an entry that are not the length. */
    static final int INLINE_BYTES = 12;

    static final int ENTRY_BYTES = 16;

    /** Length field of a NULL key. */
    private static final int NULL_LENGTH = -1;

    private static final long NULL_WORD0 = (long) NULL_LENGTH << 32;
    private final List<ArrowBuf> regions = new ArrayList<>();

    /** Per block: native address of the byte region (0 once released), for {@link #equalsRow}. */
    private long[] regionAddress = new long[8];

    private int regionUsed;
    private byte[] scratch = new byte[64];

    /** Longest key stored inline: {@link #INLINE_BYTES}, or -1 for encoded arrays (region only). */
    private final int inlineMax;

    /** Per input row of the current batch: the entry's first word, {@code a | length << 32}. */
    private long[] words0 = new long[0];

    /** Per input row of the current batch: the entry's second word. */
    private long[] words1 = new long[0];

    VarKeyColumn(DataType type, BlockLayout layout, OperatorMemory memory) {
        super(type, layout, memory);
        boolean plainBytes =
                type.type() == ColumnType.VARCHAR
                        || type.type() == ColumnType.CHAR
                        || type.type() == ColumnType.VARBINARY;
        this.inlineMax = plainBytes ? INLINE_BYTES : -1;
    }

    /**
     * Hashes each row and fills its entry words. Keys stored inline hash from those two words
     * ({@link Hashing#hashWords}); longer ones from their bytes.
     */
    @Override
    void hash(long[] hashes, int n) {
        prepare(n);
        byte[] nulls = input.nulls;
        int[] offsets = input.offsets;
        byte[] bytes = input.bytes;
        long[] w0 = words0;
        long[] w1 = words1;
        for (int i = 0; i < n; i++) {
            long h;
            if (nulls[i] != 0) {
                h = Hashing.NULL_HASH;
            } else if ((int) (w0[i] >>> 32) <= inlineMax) {
                h = Hashing.hashWords(w0[i], w1[i]);
            } else {
                h = Hashing.hashBytes(bytes, offsets[i], offsets[i + 1]);
            }
            hashes[i] = Hashing.combine(hashes[i], h);
        }
    }

    /** Fills each row's entry words (what {@link #equalsRow} and {@link #append} read). */
    @Override
    void prepare(int n) {
        if (words0.length < n) {
            words0 = new long[Math.max(n, words0.length * 2)];
            words1 = new long[words0.length];
        }
        byte[] nulls = input.nulls;
        int[] offsets = input.offsets;
        byte[] bytes = input.bytes;
        long[] w0 = words0;
        long[] w1 = words1;
        for (int i = 0; i < n; i++) {
            if (nulls[i] != 0) {
                w0[i] = NULL_WORD0;
                w1[i] = 0;
            } else {
                int from = offsets[i];
                int len = offsets[i + 1] - from;
                if (len <= inlineMax) {
                    long a = Hashing.lowBytes(bytes, from, Math.min(len, 4)) & 0xFFFFFFFFL;
                    long b = len > 4 ? Hashing.lowBytes(bytes, from + 4, len - 4) : 0;
                    w0[i] = a | (long) len << 32;
                    w1[i] = b;
                } else {
                    w0[i] = (long) len << 32;
                    w1[i] = Hashing.lowBytes(bytes, from, Math.min(len, 8));
                }
            }
        }
    }

    @Override
    boolean equalsRow(int gid, int row) {
        int b = gid >>> layout.shift();
        long entry = valueAddress[b] + (long) (gid & layout.mask()) * ENTRY_BYTES;
        long stored0 = MemoryUtil.getLong(entry);
        long w0 = words0[row];
        int len = (int) (w0 >>> 32);
        if (len <= inlineMax) { // also NULL: its length -1 is below any inlineMax
            return stored0 == w0 && MemoryUtil.getLong(entry + 8) == words1[row];
        }
        if ((int) (stored0 >>> 32) != len || MemoryUtil.getLong(entry + 8) != words1[row]) {
            return false;
        }
        return Hashing.equalBytes(
                input.bytes, input.offsets[row], regionAddress[b] + (int) stored0, len);
    }

    /** Writes the entry (and a long key's bytes) by address: the block and region have room. */
    @Override
    void append(int gid, int row) {
        int b = gid >>> layout.shift();
        long entry = valueAddress[b] + (long) (gid & layout.mask()) * ENTRY_BYTES;
        long w0 = words0[row];
        int len = (int) (w0 >>> 32);
        if (len == NULL_LENGTH) {
            markNull(gid);
        } else if (len > inlineMax) {
            ensureRegion(b, len);
            MemoryUtil.copyToMemory(
                    input.bytes, input.offsets[row], regionAddress[b] + regionUsed, len);
            w0 |= regionUsed;
            regionUsed += len;
        }
        MemoryUtil.putLong(entry, w0);
        MemoryUtil.putLong(entry + 8, words1[row]);
    }

    /**
     * Compares the two entries' words; a long key's bytes are compared (by address) only when its
     * length and first bytes match.
     */
    @Override
    boolean equalsStored(int gid, KeyColumn src, int srcGid) {
        VarKeyColumn from = (VarKeyColumn) src;
        int b = gid >>> layout.shift();
        int sb = srcGid >>> layout.shift();
        long entry = valueAddress[b] + (long) (gid & layout.mask()) * ENTRY_BYTES;
        long other = from.valueAddress[sb] + (long) (srcGid & layout.mask()) * ENTRY_BYTES;
        long stored0 = MemoryUtil.getLong(entry);
        long w0 = MemoryUtil.getLong(other);
        int len = (int) (w0 >>> 32);
        if (MemoryUtil.getLong(entry + 8) != MemoryUtil.getLong(other + 8)) {
            return false;
        }
        if (len <= inlineMax) { // also NULL: its length -1 is below any inlineMax
            return stored0 == w0;
        }
        return (int) (stored0 >>> 32) == len
                && Hashing.equalMemory(
                        regionAddress[b] + (int) stored0, from.regionAddress[sb] + (int) w0, len);
    }

    /** Copies the entry, and a long key's bytes into this block's region. */
    @Override
    void appendStored(int gid, KeyColumn src, int srcGid) {
        VarKeyColumn from = (VarKeyColumn) src;
        int b = gid >>> layout.shift();
        int sb = srcGid >>> layout.shift();
        long entry = valueAddress[b] + (long) (gid & layout.mask()) * ENTRY_BYTES;
        long other = from.valueAddress[sb] + (long) (srcGid & layout.mask()) * ENTRY_BYTES;
        long w0 = MemoryUtil.getLong(other);
        int len = (int) (w0 >>> 32);
        if (len == NULL_LENGTH) {
            markNull(gid);
        } else if (len > inlineMax) {
            ensureRegion(b, len);
            MemoryUtil.copyMemory(
                    from.regionAddress[sb] + (int) w0, regionAddress[b] + regionUsed, len);
            w0 = ((long) len << 32) | regionUsed;
            regionUsed += len;
        }
        MemoryUtil.putLong(entry, w0);
        MemoryUtil.putLong(entry + 8, MemoryUtil.getLong(other + 8));
    }

    @Override
    long storedBytes(int block) {
        ArrowBuf region = block < regions.size() ? regions.get(block) : null;
        return region == null ? 0 : region.capacity();
    }

    /** Makes block {@code b}'s region hold {@code len} more bytes plus the tail pad. */
    private void ensureRegion(int b, int len) {
        ArrowBuf region = regions.get(b);
        long need = (long) regionUsed + len + Hashing.TAIL_PAD;
        if (need <= region.capacity()) {
            return;
        }
        long cap = region.capacity();
        while (cap < need) {
            cap *= 2;
        }
        if (cap > Integer.MAX_VALUE) {
            throw new TallyException("group key bytes of one block exceed 2 GiB; lower block_size");
        }
        ArrowBuf grown = memory.allocate(cap);
        grown.setBytes(0, region, 0, regionUsed);
        memory.free(region);
        regions.set(b, grown);
        setRegionAddress(b, grown);
    }

    private void setRegionAddress(int block, ArrowBuf region) {
        if (block >= regionAddress.length) {
            regionAddress =
                    Arrays.copyOf(regionAddress, Math.max(block + 1, regionAddress.length * 2));
        }
        regionAddress[block] = region == null ? 0 : region.memoryAddress();
    }

    @Override
    int valueWidth() {
        return ENTRY_BYTES;
    }

    @Override
    void addBlock() {
        regions.add(null);
        super.addBlock();
        regions.set(regions.size() - 1, memory.allocate(INITIAL_REGION_BYTES));
        setRegionAddress(regions.size() - 1, regions.get(regions.size() - 1));
        regionUsed = 0;
    }

    @Override
    public long longAt(int gid) {
        throw new IllegalStateException("not a LONG key");
    }

    @Override
    long regionGrowthBound(int newBlocks, long varBytes) {
        long current =
                regions.isEmpty() || regions.get(regions.size() - 1) == null
                        ? 0
                        : regions.get(regions.size() - 1).capacity();
        return 2 * memory.rounded(2 * (current + varBytes + Hashing.TAIL_PAD))
                + newBlocks * memory.rounded(INITIAL_REGION_BYTES);
    }

    @Override
    public void writeRows(int[] gids, int n, FieldVector out) {
        for (int i = 0; i < n; i++) {
            int gid = gids[i];
            if (storedNull(gid)) {
                out.setNull(i);
                continue;
            }
            int b = gid >>> layout.shift();
            writeValue(
                    blocks.get(b),
                    (long) (gid & layout.mask()) * ENTRY_BYTES,
                    regions.get(b),
                    out,
                    i);
        }
    }

    @Override
    public void write(int block, int rows, FieldVector out) {
        ArrowBuf meta = blocks.get(block);
        ArrowBuf flags = nulls.get(block);
        ArrowBuf region = regions.get(block);
        if (type.type().isCollection()
                && (type.element().type() == ColumnType.VARCHAR
                        || type.element().type() == ColumnType.CHAR)) {
            ArrayBlockWriter.write(meta, ENTRY_BYTES, flags, region, rows, (ListVector) out);
            return;
        }
        if (inlineMax > 0
                && out instanceof BaseVariableWidthVector plain
                && plain.getLastSet() < 0) {
            writePlain(meta, flags, region, rows, plain);
            return;
        }
        for (int i = 0; i < rows; i++) {
            if (flags.getByte(i) != 0) {
                out.setNull(i);
                continue;
            }
            writeValue(meta, (long) i * ENTRY_BYTES, region, out, i);
        }
    }

    /**
     * {@link #write} of plain bytes (VARCHAR, CHAR, VARBINARY) into an empty vector: the block's
     * key bytes are summed first so the data buffer grows at most once, then each row's offset,
     * validity bit and bytes are stored by address (an inline key as its 4 + 8 entry bytes, the
     * bytes past its length overwritten by the next key or left beyond the last offset), instead of
     * a bounds-checked {@code setSafe} per row that regrows the buffer as it goes.
     */
    private static void writePlain(
            ArrowBuf meta, ArrowBuf flags, ArrowBuf region, int rows, BaseVariableWidthVector out) {
        if (rows == 0) {
            return;
        }
        long metaAt = meta.memoryAddress();
        long flagsAt = flags.memoryAddress();
        long total = 0;
        for (int i = 0; i < rows; i++) {
            if (MemoryUtil.getByte(flagsAt + i) == 0) {
                total += MemoryUtil.getInt(metaAt + (long) i * ENTRY_BYTES + 4);
            }
        }
        if (total + INLINE_BYTES > Integer.MAX_VALUE) {
            throw new TallyException("key bytes of one block exceed 2 GiB; lower block_size");
        }
        while (out.getValueCapacity() < rows) {
            out.reallocValidityAndOffsetBuffers();
        }
        if (out.getDataBuffer().capacity() < total + INLINE_BYTES) {
            out.reallocDataBuffer(total + INLINE_BYTES);
        }
        long validity = out.getValidityBufferAddress();
        long offsets = out.getOffsetBufferAddress();
        long data = out.getDataBufferAddress();
        long regionAt = region.memoryAddress();
        int end = 0;
        MemoryUtil.putInt(offsets, 0);
        for (int i = 0; i < rows; i++) {
            long bits = validity + (i >>> 3);
            byte bit = (byte) (1 << (i & 7));
            if (MemoryUtil.getByte(flagsAt + i) != 0) {
                MemoryUtil.putByte(bits, (byte) (MemoryUtil.getByte(bits) & ~bit));
            } else {
                long entry = metaAt + (long) i * ENTRY_BYTES;
                long w0 = MemoryUtil.getLong(entry);
                int len = (int) (w0 >>> 32);
                if (len <= INLINE_BYTES) {
                    MemoryUtil.putInt(data + end, (int) w0);
                    MemoryUtil.putLong(data + end + 4, MemoryUtil.getLong(entry + 8));
                } else {
                    MemoryUtil.copyMemory(regionAt + (int) w0, data + end, len);
                }
                end += len;
                MemoryUtil.putByte(bits, (byte) (MemoryUtil.getByte(bits) | bit));
            }
            MemoryUtil.putInt(offsets + 4L * (i + 1), end);
        }
        out.setLastSet(rows - 1);
    }

    /** Writes the key of the entry at byte {@code entry} of {@code meta} into row {@code i}. */
    private void writeValue(ArrowBuf meta, long entry, ArrowBuf region, FieldVector out, int i) {
        int len = meta.getInt(entry + 4);
        if (scratch.length < len) {
            scratch = new byte[Math.max(len, scratch.length * 2)];
        }
        if (len <= inlineMax) {
            meta.getBytes(entry, scratch, 0, Math.min(len, 4));
            if (len > 4) {
                meta.getBytes(entry + 8, scratch, 4, len - 4);
            }
        } else {
            region.getBytes(meta.getInt(entry), scratch, 0, len);
        }
        VectorWriter.setBytes(out, type, i, scratch, 0, len);
    }

    @Override
    void releaseBlock(int block) {
        super.releaseBlock(block);
        ArrowBuf region = block < regions.size() ? regions.get(block) : null;
        if (region != null) {
            memory.free(region);
            regions.set(block, null);
            setRegionAddress(block, null);
        }
    }
}
