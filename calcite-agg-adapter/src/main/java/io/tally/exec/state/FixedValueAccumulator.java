package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.Int128;
import io.tally.batch.TallyException;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * MIN, MAX, ANY_VALUE and SINGLE_VALUE over fixed-width values (LONG, DOUBLE, DECIMAL families).
 * State per group: the value (8 bytes, 16 for DECIMAL) and the flag byte and serialized layout of
 * {@link ValueAccumulator}. DOUBLE order is {@link Double#compare} (NaN greatest).
 */
public final class FixedValueAccumulator extends ValueAccumulator {
    private final int width;
    private final StateColumn values;

    public FixedValueAccumulator(
            AggregateCall call, DataType input, BlockLayout layout, OperatorMemory memory) {
        super(call, input, layout, memory);
        this.width = input.family() == ColumnType.Family.DECIMAL ? 16 : 8;
        this.values = newColumn(width);
    }

    @Override
    public void update(int[] gids, int n) {
        if (call.kind() == AggKind.SINGLE_VALUE || input.family() == ColumnType.Family.DECIMAL) {
            updateChecked(gids, n);
        } else {
            boolean isDouble = input.family() == ColumnType.Family.DOUBLE;
            updateWords(
                    gids,
                    n,
                    args[0].nulls,
                    args[0].longs,
                    isDouble ? args[0].doubles : null,
                    call.kind());
        }
    }

    /**
     * MIN, MAX and ANY_VALUE of LONG values ({@code doubles} null) or DOUBLE values (ordered by
     * {@link Double#compare}), reading and writing flags and values by address (group ids below the
     * group count always fall inside allocated blocks).
     */
    private void updateWords(
            int[] gids, int n, byte[] nulls, long[] longs, double[] doubles, AggKind kind) {
        ArrowBuf[] vb = values.blocks;
        ArrowBuf[] fb = flags.blocks;
        boolean isDouble = doubles != null;
        boolean min = kind == AggKind.MIN;
        boolean any = kind == AggKind.ANY_VALUE;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || nulls[i] != 0) {
                continue;
            }
            long bits = isDouble ? Double.doubleToRawLongBits(doubles[i]) : longs[i];
            fold(fb, vb, g, bits, isDouble, min, any);
        }
    }

    /**
     * Folds value {@code bits} (a long, or a double's raw bits) into group {@code g} (flag blocks
     * {@code fb}, value blocks {@code vb}) by address: stored if the group has none yet, else kept
     * if it beats the stored one under MIN or MAX (never under ANY_VALUE).
     */
    private void fold(
            ArrowBuf[] fb,
            ArrowBuf[] vb,
            int g,
            long bits,
            boolean isDouble,
            boolean min,
            boolean any) {
        int blk = g >>> layout.shift();
        long flag = fb[blk].memoryAddress() + (g & layout.mask());
        long at = vb[blk].memoryAddress() + ((long) (g & layout.mask()) << 3);
        if (MemoryUtil.getByte(flag) == 0) {
            MemoryUtil.putByte(flag, VALUE);
            MemoryUtil.putLong(at, bits);
        } else if (!any) {
            long stored = MemoryUtil.getLong(at);
            int c =
                    isDouble
                            ? Double.compare(
                                    Double.longBitsToDouble(bits), Double.longBitsToDouble(stored))
                            : Long.compare(bits, stored);
            if (min ? c < 0 : c > 0) {
                MemoryUtil.putLong(at, bits);
            }
        }
    }

    /** MIN, MAX and ANY_VALUE of LONG and DOUBLE values merge state column to state column. */
    @Override
    public boolean mergesStored() {
        AggKind kind = call.kind();
        return input.family() != ColumnType.Family.DECIMAL
                && (kind == AggKind.MIN || kind == AggKind.MAX || kind == AggKind.ANY_VALUE);
    }

    /** Folds each source group's value, if it has one, as {@link #update} folds a row's. */
    @Override
    public void mergeStored(Accumulator src, int[] srcGids, int[] gids, int n) {
        FixedValueAccumulator from = (FixedValueAccumulator) src;
        ArrowBuf[] vb = values.blocks;
        ArrowBuf[] fb = flags.blocks;
        ArrowBuf[] fromValues = from.values.blocks;
        ArrowBuf[] fromFlags = from.flags.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        boolean isDouble = input.family() == ColumnType.Family.DOUBLE;
        boolean min = call.kind() == AggKind.MIN;
        boolean any = call.kind() == AggKind.ANY_VALUE;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            int s = srcGids[i];
            if (g < 0
                    || MemoryUtil.getByte(fromFlags[s >>> shift].memoryAddress() + (s & mask))
                            != VALUE) {
                continue;
            }
            long at = fromValues[s >>> shift].memoryAddress() + ((long) (s & mask) << 3);
            fold(fb, vb, g, MemoryUtil.getLong(at), isDouble, min, any);
        }
    }

    /** SINGLE_VALUE and DECIMAL values, through checked buffer accessors. */
    private void updateChecked(int[] gids, int n) {
        DecodedColumn a = args[0];
        ArrowBuf[] vb = values.blocks;
        ArrowBuf[] fb = flags.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        AggKind kind = call.kind();
        boolean single = kind == AggKind.SINGLE_VALUE;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            boolean isNull = a.nulls[i] != 0;
            if (g < 0 || (isNull && !single)) {
                continue;
            }
            int blk = g >>> shift;
            int slot = g & mask;
            ArrowBuf f = fb[blk];
            byte flag = f.getByte(slot);
            if (single) {
                if (flag != 0) {
                    throw new TallyException(
                            "more than one value in agg SINGLE_VALUE ('" + call.name() + "')");
                }
                f.setByte(slot, isNull ? NULL_ROW : VALUE);
                if (!isNull) {
                    store(vb[blk], (long) slot * width, a, i);
                }
            } else if (flag == 0
                    || (kind != AggKind.ANY_VALUE && better(vb[blk], (long) slot * width, a, i))) {
                f.setByte(slot, VALUE);
                store(vb[blk], (long) slot * width, a, i);
            }
        }
    }

    private void store(ArrowBuf b, long at, DecodedColumn a, int i) {
        switch (input.family()) {
            case LONG:
                b.setLong(at, a.longs[i]);
                break;
            case DOUBLE:
                b.setDouble(at, a.doubles[i]);
                break;
            default:
                b.setLong(at, a.longs[i]);
                b.setLong(at + 8, a.highs[i]);
        }
    }

    /** Whether row {@code i} beats the stored value under MIN or MAX. */
    private boolean better(ArrowBuf b, long at, DecodedColumn a, int i) {
        int c;
        switch (input.family()) {
            case LONG:
                c = Long.compare(a.longs[i], b.getLong(at));
                break;
            case DOUBLE:
                c = Double.compare(a.doubles[i], b.getDouble(at));
                break;
            default:
                c = Int128.compare(a.longs[i], a.highs[i], b.getLong(at), b.getLong(at + 8));
        }
        return call.kind() == AggKind.MIN ? c < 0 : c > 0;
    }

    @Override
    void write(FieldVector out, DataType t, int block, int i, byte flag) {
        if (flag != VALUE) {
            out.setNull(i);
            return;
        }
        ArrowBuf b = values.blocks[block];
        long at = (long) i * width;
        switch (input.family()) {
            case LONG:
                VectorWriter.setLong(out, t, i, b.getLong(at), label());
                break;
            case DOUBLE:
                VectorWriter.setDouble(out, t, i, b.getDouble(at), label());
                break;
            default:
                VectorWriter.setDecimal128(
                        out, t, i, b.getLong(at), b.getLong(at + 8), input.scale(), label());
        }
    }
}
