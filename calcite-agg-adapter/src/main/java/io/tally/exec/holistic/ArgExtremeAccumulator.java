package io.tally.exec.holistic;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.state.Accumulator;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.BytesValueAccumulator;
import io.tally.exec.state.TopKOrder;
import io.tally.exec.topk.TopKRowCodec;
import io.tally.memory.OperatorMemory;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * ARG_MIN(x, y) / ARG_MAX(x, y): x of a row with the least / greatest y. Rows where x or y is NULL
 * are skipped (DuckDB), so a group without such a row gives NULL.
 *
 * <p>Each row is encoded as one {@link TopKRowCodec} entry of {@code (x, y)} keyed by y ascending,
 * its 8-byte header moved to the end: {@code [key][payload][header]}, so the values compare, byte
 * by byte, as their y do (then, for equal y, by x, so ties are broken the same way however rows
 * arrive or merge). The state is the least / greatest such value, kept by a {@link
 * BytesValueAccumulator} doing MIN / MAX. Serialized as the typed pair {@code ($value x, $by y)},
 * NULL for a group without a row.
 */
public final class ArgExtremeAccumulator extends Accumulator {
    private static final DataType ENTRY = DataType.of(ColumnType.VARBINARY);
    private final DataType valueType;
    private final DataType byType;
    private final TopKRowCodec codec;
    private final BytesValueAccumulator best;
    private final DecodedColumn entries = new DecodedColumn(ENTRY, "argument entries");
    private final DecodedColumn[] bound = {entries};

    public ArgExtremeAccumulator(
            AggregateCall call,
            DataType valueType,
            DataType byType,
            BlockLayout layout,
            OperatorMemory memory) {
        super(call, layout, memory);
        this.valueType = valueType.withNullable(true);
        this.byType = byType.withNullable(true);
        this.codec =
                new TopKRowCodec(
                        List.of(this.valueType, this.byType),
                        new TopKOrder(1, List.of(new TopKOrder.SortKey(1, false, false))));
        AggKind extreme = call.kind() == AggKind.ARG_MIN ? AggKind.MIN : AggKind.MAX;
        this.best =
                new BytesValueAccumulator(
                        AggregateCall.of(extreme, call.args().subList(0, 1), ENTRY, call.name()),
                        ENTRY,
                        layout,
                        memory);
    }

    @Override
    public List<Field> stateFields() {
        return List.of(
                valueType.toField(call.name() + "$value"), byType.toField(call.name() + "$by"));
    }

    @Override
    public void ensureGroups(int groups) {
        best.ensureGroups(groups);
    }

    @Override
    public long stateGrowthBound(int groups) {
        return best.stateGrowthBound(groups);
    }

    @Override
    public long updateBound(int[] gids, int n) {
        encode(args[0], args[1], gids, n);
        best.bind(bound);
        return best.updateBound(gids, n);
    }

    @Override
    public void update(int[] gids, int n) {
        encode(args[0], args[1], gids, n);
        best.bind(bound);
        best.update(gids, n);
    }

    /** Fills {@link #entries} with rows {@code 0..n-1}'s entries; NULL where a row is skipped. */
    private void encode(DecodedColumn x, DecodedColumn y, int[] gids, int n) {
        if (entries.nulls.length < n) {
            entries.nulls = new byte[Math.max(n, 2 * entries.nulls.length)];
            entries.offsets = new int[entries.nulls.length + 1];
        }
        DecodedColumn[] row = {x, y};
        int pos = 0;
        for (int i = 0; i < n; i++) {
            entries.offsets[i] = pos;
            boolean skip = gids[i] < 0 || x.nulls[i] != 0 || y.nulls[i] != 0;
            entries.nulls[i] = (byte) (skip ? 1 : 0);
            if (skip) {
                continue;
            }
            int len = codec.encodePayload(row, i, codec.encodeKey(row, i));
            if (entries.bytes.length < pos + len) {
                entries.bytes =
                        Arrays.copyOf(entries.bytes, Math.max(pos + len, 2 * entries.bytes.length));
            }
            int h = TopKRowCodec.HEADER;
            System.arraycopy(codec.scratch, h, entries.bytes, pos, len - h);
            System.arraycopy(codec.scratch, 0, entries.bytes, pos + len - h, h);
            pos += len;
        }
        entries.offsets[n] = pos;
        entries.rows = n;
        entries.changed();
    }

    /** Group {@code i} of {@code block}'s entry with its header in front again, or null. */
    private byte[] entry(int block, int i) {
        byte[] value = best.valueBytes(block, i);
        if (value == null) {
            return null;
        }
        int h = TopKRowCodec.HEADER;
        byte[] entry = new byte[value.length];
        System.arraycopy(value, value.length - h, entry, 0, h);
        System.arraycopy(value, 0, entry, h, value.length - h);
        return entry;
    }

    @Override
    public void serialize(int block, int rows, List<FieldVector> out) {
        FieldVector[] outs = {out.get(0), out.get(1)};
        for (int i = 0; i < rows; i++) {
            byte[] entry = entry(block, i);
            if (entry == null) {
                outs[0].setNull(i);
                outs[1].setNull(i);
            } else {
                codec.decode(entry, 0, outs, i, label());
            }
        }
    }

    @Override
    public long mergeBound(List<FieldVector> states, int[] gids, int n) {
        encode(decode(states.get(0), valueType, n), decode(states.get(1), byType, n), gids, n);
        best.bind(bound);
        return best.updateBound(gids, n);
    }

    @Override
    public void merge(List<FieldVector> states, int[] gids, int n) {
        encode(decode(states.get(0), valueType, n), decode(states.get(1), byType, n), gids, n);
        best.bind(bound);
        best.update(gids, n);
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        FieldVector[] outs = {out, null};
        for (int i = 0; i < rows; i++) {
            byte[] entry = entry(block, i);
            if (entry == null) {
                out.setNull(i);
            } else {
                codec.decode(entry, 0, outs, i, label());
            }
        }
    }

    @Override
    public void releaseBlock(int block) {
        best.releaseBlock(block);
    }

    @Override
    public void close() {
        best.close();
    }
}
