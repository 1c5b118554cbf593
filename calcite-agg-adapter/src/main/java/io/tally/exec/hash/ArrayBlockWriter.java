package io.tally.exec.hash;

import io.tally.batch.ArrayCodec;
import io.tally.batch.TallyException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Writes one block of VARCHAR ARRAY group keys, held in {@link ArrayCodec}'s encoding in a {@link
 * VarKeyColumn} byte region, straight into a {@link ListVector} of {@link VarCharVector}: a first
 * pass counts the items and item bytes of the block, the child vector is allocated once for exactly
 * that, and a second pass writes list offsets, item offsets, validity bits and copies item bytes
 * region-to-buffer. No per-value writer, object or temporary buffer.
 *
 * <p>Source layout per group ({@code meta}: {@code [start:int][length:int]} at {@code group *
 * entryBytes}; {@code flags}: one byte per group, non-zero = NULL array): the encoded array at
 * {@code region[start, start + length)}, big-endian {@code [item count:int]} then per item {@code
 * [0]} (NULL) or {@code [1][length:int][UTF-8]}.
 */
final class ArrayBlockWriter {
    private static final int OFFSET_BYTES = 4;

    private ArrayBlockWriter() {}

    /** Writes groups {@code 0..rows-1} of a block into rows {@code 0..rows-1} of {@code out}. */
    static void write(
            ArrowBuf meta,
            int entryBytes,
            ArrowBuf flags,
            ArrowBuf region,
            int rows,
            ListVector out) {
        if (!(out.getDataVector() instanceof VarCharVector items)) {
            throw new TallyException(
                    "VARCHAR ARRAY output must be a ListVector of VarCharVector, got "
                            + out.getDataVector().getClass().getSimpleName());
        }
        long itemCount = 0;
        long itemBytes = 0;
        for (int i = 0; i < rows; i++) {
            if (flags.getByte(i) == 0) {
                long pos = meta.getInt((long) i * entryBytes);
                int count = getInt(region, pos);
                pos += 4;
                itemCount += count;
                for (int k = 0; k < count; k++) {
                    if (region.getByte(pos++) != 0) {
                        int len = getInt(region, pos);
                        itemBytes += len;
                        pos += 4 + len;
                    }
                }
            }
        }
        if (itemBytes > Integer.MAX_VALUE || itemCount > Integer.MAX_VALUE - 1) {
            throw new TallyException(
                    "VARCHAR ARRAY keys of one block hold "
                            + itemCount
                            + " items of "
                            + itemBytes
                            + " bytes, more than one Arrow vector can (2^31 - 1)");
        }
        while (out.getValueCapacity() < rows) {
            out.reAlloc();
        }
        items.clear();
        items.allocateNew(Math.max(1, itemBytes), (int) Math.max(1, itemCount));
        ArrowBuf listOffsets = out.getOffsetBuffer();
        ArrowBuf listValidity = out.getValidityBuffer();
        ArrowBuf itemOffsets = items.getOffsetBuffer();
        ArrowBuf itemValidity = items.getValidityBuffer();
        ArrowBuf data = items.getDataBuffer();
        int item = 0;
        int dataPos = 0;
        listOffsets.setInt(0, 0);
        itemOffsets.setInt(0, 0);
        for (int i = 0; i < rows; i++) {
            if (flags.getByte(i) == 0) {
                BitVectorHelper.setBit(listValidity, i);
                long pos = meta.getInt((long) i * entryBytes);
                int count = getInt(region, pos);
                pos += 4;
                for (int k = 0; k < count; k++, item++) {
                    if (region.getByte(pos++) != 0) {
                        int len = getInt(region, pos);
                        pos += 4;
                        data.setBytes(dataPos, region, pos, len);
                        pos += len;
                        dataPos += len;
                        BitVectorHelper.setBit(itemValidity, item);
                    }
                    itemOffsets.setInt((long) (item + 1) * OFFSET_BYTES, dataPos);
                }
            }
            listOffsets.setInt((long) (i + 1) * OFFSET_BYTES, item);
        }
        items.setLastSet(item - 1);
        out.setLastSet(rows - 1);
    }

    /** A big-endian int of {@link ArrayCodec}'s encoding at {@code pos} of {@code region}. */
    private static int getInt(ArrowBuf region, long pos) {
        return Integer.reverseBytes(region.getInt(pos));
    }
}
