package io.tally.exec.hash;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.VectorWriter;
import io.tally.memory.OperatorMemory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * A fixed-width key column (LONG, DOUBLE and DECIMAL families).
 *
 * <p>Values buffer: one 8-byte word per group (two for DECIMAL: low then high). DOUBLE keys are
 * stored as normalized bits (-0.0 as 0.0, one NaN).
 */
final class FixedKeyColumn extends KeyColumn {
    private final int words;
    private long[] keyWords;

    FixedKeyColumn(DataType type, BlockLayout layout, OperatorMemory memory) {
        super(type, layout, memory);
        this.words = type.family() == ColumnType.Family.DECIMAL ? 2 : 1;
    }

    @Override
    void bind(DecodedColumn column) {
        super.bind(column);
        keyWords = column.keyWords();
    }

    @Override
    void hash(long[] hashes, int n) {
        byte[] nulls = input.nulls;
        long[] lo = keyWords;
        if (words == 1) {
            for (int i = 0; i < n; i++) {
                long h = nulls[i] != 0 ? Hashing.NULL_HASH : Hashing.mix(lo[i]);
                hashes[i] = Hashing.combine(hashes[i], h);
            }
            return;
        }
        long[] hi = input.highs;
        for (int i = 0; i < n; i++) {
            long h = nulls[i] != 0 ? Hashing.NULL_HASH : Hashing.mix(lo[i] ^ Hashing.mix(hi[i]));
            hashes[i] = Hashing.combine(hashes[i], h);
        }
    }

    /**
     * Reads the stored key by address (no bounds checks: {@code gid} is below the group count). A
     * NULL key's words are stored as 0, so the null flags (another cache line) are read only when
     * the input is NULL or the stored words are all zero.
     */
    @Override
    boolean equalsRow(int gid, int row) {
        int b = gid >>> layout.shift();
        int slot = gid & layout.mask();
        if (input.nulls[row] != 0) {
            return MemoryUtil.getByte(nullAddress[b] + slot) != 0;
        }
        long at = valueAddress[b] + (long) slot * 8 * words;
        long lo = MemoryUtil.getLong(at);
        if (lo != keyWords[row]) {
            return false;
        }
        long hi = words == 1 ? 0 : MemoryUtil.getLong(at + 8);
        if (words == 2 && hi != input.highs[row]) {
            return false;
        }
        return (lo | hi) != 0 || MemoryUtil.getByte(nullAddress[b] + slot) == 0;
    }

    /**
     * Stores the key words by address (the block has room), or marks NULL and stores zero words
     * (see {@link #equalsRow}).
     */
    @Override
    void append(int gid, int row) {
        long at = valueAddress[gid >>> layout.shift()] + (long) (gid & layout.mask()) * 8 * words;
        boolean isNull = input.nulls[row] != 0;
        if (isNull) {
            markNull(gid);
        }
        MemoryUtil.putLong(at, isNull ? 0 : keyWords[row]);
        if (words == 2) {
            MemoryUtil.putLong(at + 8, isNull ? 0 : input.highs[row]);
        }
    }

    /**
     * Compares the key words by address; a NULL key's words are 0, so the null flags are read only
     * when both words are all zero.
     */
    @Override
    boolean equalsStored(int gid, KeyColumn src, int srcGid) {
        FixedKeyColumn from = (FixedKeyColumn) src;
        long at = wordAddress(gid);
        long other = from.wordAddress(srcGid);
        long lo = MemoryUtil.getLong(at);
        if (lo != MemoryUtil.getLong(other)) {
            return false;
        }
        long hi = words == 1 ? 0 : MemoryUtil.getLong(at + 8);
        if (words == 2 && hi != MemoryUtil.getLong(other + 8)) {
            return false;
        }
        return (lo | hi) != 0 || nullFlag(gid) == from.nullFlag(srcGid);
    }

    @Override
    void appendStored(int gid, KeyColumn src, int srcGid) {
        FixedKeyColumn from = (FixedKeyColumn) src;
        long at = wordAddress(gid);
        long other = from.wordAddress(srcGid);
        if (from.nullFlag(srcGid) != 0) {
            markNull(gid);
        }
        MemoryUtil.putLong(at, MemoryUtil.getLong(other));
        if (words == 2) {
            MemoryUtil.putLong(at + 8, MemoryUtil.getLong(other + 8));
        }
    }

    /** Native address of group {@code gid}'s first key word. */
    private long wordAddress(int gid) {
        return valueAddress[gid >>> layout.shift()] + (long) (gid & layout.mask()) * 8 * words;
    }

    @Override
    int valueWidth() {
        return 8 * words;
    }

    @Override
    public long longAt(int gid) {
        return blocks.get(gid >>> layout.shift()).getLong((long) (gid & layout.mask()) * 8 * words);
    }

    @Override
    public void writeRows(int[] gids, int n, FieldVector out) {
        for (int i = 0; i < n; i++) {
            int gid = gids[i];
            if (storedNull(gid)) {
                out.setNull(i);
                continue;
            }
            ArrowBuf buf = blocks.get(gid >>> layout.shift());
            long at = (long) (gid & layout.mask()) * 8 * words;
            writeValue(out, i, buf, at);
        }
    }

    private void writeValue(FieldVector out, int i, ArrowBuf buf, long at) {
        long lo = buf.getLong(at);
        switch (type.family()) {
            case LONG:
                VectorWriter.setLong(out, type, i, lo, "group key");
                break;
            case DOUBLE:
                VectorWriter.setDouble(out, type, i, Double.longBitsToDouble(lo), "group key");
                break;
            default:
                VectorWriter.setDecimal128(
                        out, type, i, lo, buf.getLong(at + 8), type.scale(), "group key");
        }
    }

    @Override
    public void write(int block, int rows, FieldVector out) {
        ArrowBuf buf = blocks.get(block);
        ArrowBuf flags = nulls.get(block);
        for (int i = 0; i < rows; i++) {
            if (flags.getByte(i) != 0) {
                out.setNull(i);
                continue;
            }
            long at = (long) i * 8 * words;
            long lo = buf.getLong(at);
            switch (type.family()) {
                case LONG:
                    VectorWriter.setLong(out, type, i, lo, "group key");
                    break;
                case DOUBLE:
                    VectorWriter.setDouble(out, type, i, Double.longBitsToDouble(lo), "group key");
                    break;
                default:
                    VectorWriter.setDecimal128(
                            out, type, i, lo, buf.getLong(at + 8), type.scale(), "group key");
            }
        }
    }
}
