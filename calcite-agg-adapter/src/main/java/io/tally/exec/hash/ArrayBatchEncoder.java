package io.tally.exec.hash;

import io.tally.batch.ArrayCodec;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Encodes a batch of ARRAY or MULTISET values from an Arrow list vector into {@link ArrayCodec}'s
 * byte layout, one byte string per row, reading the items through a {@link DecodedColumn} of the
 * element type.
 */
final class ArrayBatchEncoder {
    private ArrayBatchEncoder() {}

    /**
     * Encodes rows {@code first .. first+n-1} of {@code list} into {@code out} (grown if needed),
     * filling {@code offsets}; NULL arrays (already marked in {@code nulls}) encode as empty.
     * {@code items} is a scratch column of the element type the items are decoded into.
     */
    static byte[] encode(
            ListVector list,
            DecodedColumn items,
            int first,
            int n,
            byte[] nulls,
            int[] offsets,
            byte[] out) {
        int itemFrom = n == 0 ? 0 : list.getOffsetBuffer().getInt((long) first * Integer.BYTES);
        int itemTo = n == 0 ? 0 : list.getOffsetBuffer().getInt((long) (first + n) * Integer.BYTES);
        items.decode(list.getDataVector(), itemFrom, itemTo - itemFrom);
        int pos = 0;
        for (int i = 0; i < n; i++) {
            offsets[i] = pos;
            if (nulls[i] != 0) {
                continue;
            }
            int from = list.getOffsetBuffer().getInt((long) (first + i) * Integer.BYTES) - itemFrom;
            int to =
                    list.getOffsetBuffer().getInt((long) (first + i + 1) * Integer.BYTES)
                            - itemFrom;
            out = ArrayCodec.grow(out, pos + Integer.BYTES);
            pos = ArrayCodec.putInt(out, pos, to - from);
            for (int k = from; k < to; k++) {
                out = ArrayCodec.grow(out, pos + 1 + itemBytes(items, k));
                pos = putItem(out, pos, items, k);
            }
        }
        offsets[n] = pos;
        return out;
    }

    /** Bytes item {@code k} of {@code items} takes after its marker byte. */
    private static int itemBytes(DecodedColumn items, int k) {
        if (items.nulls[k] != 0) {
            return 0;
        }
        switch (items.type.family()) {
            case LONG:
            case DOUBLE:
                return Long.BYTES;
            case DECIMAL:
                return 2 * Long.BYTES;
            default:
                return Integer.BYTES + items.offsets[k + 1] - items.offsets[k];
        }
    }

    /**
     * Writes item {@code k} of {@code items} (marker and value) at {@code pos}; returns the end.
     */
    private static int putItem(byte[] out, int pos, DecodedColumn items, int k) {
        if (items.nulls[k] != 0) {
            out[pos] = 0;
            return pos + 1;
        }
        out[pos++] = 1;
        switch (items.type.family()) {
            case LONG:
                return ArrayCodec.putLong(out, pos, items.longs[k]);
            case DOUBLE:
                return ArrayCodec.putLong(out, pos, ArrayCodec.normalizedBits(items.doubles[k]));
            case DECIMAL:
                return ArrayCodec.putLong(
                        out, ArrayCodec.putLong(out, pos, items.highs[k]), items.longs[k]);
            default:
                int len = items.offsets[k + 1] - items.offsets[k];
                pos = ArrayCodec.putInt(out, pos, len);
                System.arraycopy(items.bytes, items.offsets[k], out, pos, len);
                return pos + len;
        }
    }
}
