package io.tally.exec.holistic;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.state.Accumulator;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.TopKOrder;
import io.tally.exec.topk.TopKRowCodec;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The aggregates whose result needs every value of the group: LISTAGG, ARRAY_AGG, COLLECT, FUSION,
 * INTERSECTION, ARRAY_CONCAT_AGG, JSON_ARRAYAGG, JSON_OBJECTAGG, MODE and PERCENTILE_DISC, ordered
 * by WITHIN GROUP or not. Each counted row is one {@link TopKRowCodec} entry of all the call's
 * arguments (the WITHIN GROUP columns among them) keyed by the call's order, appended to the
 * group's {@link ValueLog}; finishing gathers a group's entries, sorts them by key when the call is
 * ordered (MODE sorts by value, -0.0 as 0.0, to find equal runs) and hands them to {@link
 * ValueLogResults}.
 *
 * <p>Rows skipped: a NULL value for LISTAGG, COLLECT, MODE, PERCENTILE_DISC and the collection
 * aggregates; for ARRAY_AGG and JSON_ARRAYAGG only with IGNORE NULLS / ABSENT ON NULL ({@link
 * CallOptions#skipNulls()}); for JSON_OBJECTAGG a NULL value with ABSENT ON NULL, while a NULL key
 * is an error.
 *
 * <p>Serialized state: per argument a {@code List<T>} of its values in arrival order (ARRAY and
 * MULTISET arguments as VARBINARY items of their {@link ArrayCodec} encoding), NULL for a group
 * without values; merging appends the values. Holistic: it runs on one thread.
 */
public final class ValueLogAccumulator extends Accumulator {
    /** Functions that ignore a row whose (first) argument is NULL. */
    private static final Set<AggKind> SKIP_NULL =
            EnumSet.of(
                    AggKind.LISTAGG,
                    AggKind.COLLECT,
                    AggKind.FUSION,
                    AggKind.INTERSECTION,
                    AggKind.ARRAY_CONCAT_AGG,
                    AggKind.MODE,
                    AggKind.PERCENTILE_DISC);

    private static final DataType ENCODED = DataType.of(ColumnType.VARBINARY);
    private final List<DataType> types;
    private final TopKRowCodec codec;
    private final boolean sorted;
    private final boolean skipNull;
    private final ValueLog log;
    private final ValueLogResults results;
    private final EntrySort sort = new EntrySort();
    private final DecodedColumn[] items;
    private DecodedColumn normalized;
    private long[] rowBytes = new long[0];

    public ValueLogAccumulator(
            AggregateCall call,
            List<DataType> argTypes,
            BlockLayout layout,
            OperatorMemory memory) {
        super(call, layout, memory);
        List<DataType> codecTypes = new ArrayList<>();
        for (DataType t : argTypes) {
            codecTypes.add(t.type().isCollection() ? ENCODED : t.withNullable(true));
        }
        this.types = List.copyOf(codecTypes);
        boolean mode = call.kind() == AggKind.MODE;
        this.codec =
                new TopKRowCodec(
                        types,
                        mode
                                ? List.of(new TopKOrder.SortKey(0, false, false))
                                : call.options().order());
        this.sorted = mode || call.ordered();
        this.skipNull =
                SKIP_NULL.contains(call.kind())
                        || (call.options().skipNulls()
                                && (call.kind() == AggKind.ARRAY_AGG
                                        || call.kind() == AggKind.JSON_ARRAYAGG));
        this.log =
                new ValueLog(
                        layout, memory, newColumn(ValueLog.ENTRY_WIDTH), blockRegions, label());
        this.results = new ValueLogResults(call, argTypes, codec, label());
        this.items = new DecodedColumn[types.size()];
        for (int a = 0; a < items.length; a++) {
            items[a] = new DecodedColumn(types.get(a), "state item " + a);
        }
    }

    @Override
    public List<Field> stateFields() {
        List<Field> fields = new ArrayList<>();
        for (int a = 0; a < types.size(); a++) {
            fields.add(DataType.array(types.get(a)).toField(call.name() + "$arg" + a));
        }
        return fields;
    }

    /** Whether row {@code i} of {@code cols} is left out of its group's values. */
    private boolean skipped(DecodedColumn[] cols, int i) {
        if (skipNull && cols[0].nulls[i] != 0) {
            return true;
        }
        if (call.kind() == AggKind.JSON_OBJECTAGG) {
            if (cols[0].nulls[i] != 0) {
                throw new TallyException(label() + ": JSON_OBJECTAGG key must not be NULL");
            }
            return call.options().skipNulls() && cols[1].nulls[i] != 0;
        }
        return false;
    }

    /** The columns to encode: the arguments, with MODE's doubles -0.0 folded into 0.0. */
    private DecodedColumn[] columns(DecodedColumn[] cols, int n) {
        if (call.kind() != AggKind.MODE || cols[0].type.family() != ColumnType.Family.DOUBLE) {
            return cols;
        }
        if (normalized == null) {
            normalized = new DecodedColumn(cols[0].type, "mode value");
        }
        normalized.fillNull(n);
        for (int i = 0; i < n; i++) {
            normalized.nulls[i] = cols[0].nulls[i];
            normalized.doubles[i] = cols[0].doubles[i] == 0.0 ? 0.0 : cols[0].doubles[i];
        }
        return new DecodedColumn[] {normalized};
    }

    @Override
    public long updateBound(int[] gids, int n) {
        return bound(args, gids, n);
    }

    private long bound(DecodedColumn[] cols, int[] gids, int n) {
        if (rowBytes.length < n) {
            rowBytes = new long[n];
        }
        for (int i = 0; i < n; i++) {
            rowBytes[i] = gids[i] < 0 || skipped(cols, i) ? 0 : codec.bound(cols, i);
        }
        return log.growthBound(gids, n, rowBytes);
    }

    @Override
    public void update(int[] gids, int n) {
        DecodedColumn[] cols = columns(args, n);
        for (int i = 0; i < n; i++) {
            if (gids[i] >= 0 && !skipped(args, i)) {
                int len = codec.encodePayload(cols, i, codec.encodeKey(cols, i));
                log.append(gids[i], codec.scratch, 0, len);
            }
        }
    }

    @Override
    public void serialize(int block, int rows, List<FieldVector> out) {
        FieldVector[] children = new FieldVector[types.size()];
        for (int a = 0; a < children.length; a++) {
            children[a] = (FieldVector) ((ListVector) out.get(a)).getDataVector();
        }
        for (int i = 0; i < rows; i++) {
            int n = log.gather(block, i);
            if (n == 0) {
                for (FieldVector v : out) {
                    v.setNull(i);
                }
                continue;
            }
            int at = 0;
            for (FieldVector v : out) {
                at = ((ListVector) v).startNewValue(i);
            }
            for (int k = 0; k < n; k++) {
                codec.decode(log.bytes, log.starts[k], children, at + k, label());
            }
            for (FieldVector v : out) {
                ((ListVector) v).endValue(i, n);
            }
        }
    }

    /** Decodes the items of the serialized lists of rows {@code 0..n-1} into {@link #items}. */
    private int decodeItems(List<FieldVector> states, int n) {
        ListVector first = (ListVector) states.get(0);
        int from = n == 0 ? 0 : first.getOffsetBuffer().getInt(0);
        int to = n == 0 ? 0 : first.getOffsetBuffer().getInt((long) n * Integer.BYTES);
        for (int a = 0; a < items.length; a++) {
            items[a].decode(((ListVector) states.get(a)).getDataVector(), from, to - from);
        }
        return from;
    }

    @Override
    public long mergeBound(List<FieldVector> states, int[] gids, int n) {
        ListVector first = (ListVector) states.get(0);
        int base = decodeItems(states, n);
        int total = items[0].rows;
        int[] itemGroups = new int[total];
        for (int i = 0; i < n; i++) {
            int from = first.getOffsetBuffer().getInt((long) i * Integer.BYTES) - base;
            int to = first.getOffsetBuffer().getInt((long) (i + 1) * Integer.BYTES) - base;
            for (int k = from; k < to; k++) {
                itemGroups[k] = first.isNull(i) ? -1 : gids[i];
            }
        }
        return bound(items, itemGroups, total);
    }

    @Override
    public void merge(List<FieldVector> states, int[] gids, int n) {
        ListVector first = (ListVector) states.get(0);
        int base = decodeItems(states, n);
        for (int i = 0; i < n; i++) {
            if (gids[i] < 0 || first.isNull(i)) {
                continue;
            }
            int from = first.getOffsetBuffer().getInt((long) i * Integer.BYTES) - base;
            int to = first.getOffsetBuffer().getInt((long) (i + 1) * Integer.BYTES) - base;
            for (int k = from; k < to; k++) {
                int len = codec.encodePayload(items, k, codec.encodeKey(items, k));
                log.append(gids[i], codec.scratch, 0, len);
            }
        }
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        for (int i = 0; i < rows; i++) {
            int n = log.gather(block, i);
            if (sorted && n > 1) {
                sort.sort(log.bytes, log.starts, n);
            }
            results.write(out, i, log.bytes, log.starts, n);
        }
    }

    @Override
    public void releaseBlock(int block) {
        super.releaseBlock(block);
        log.releaseBlock(block);
    }
}
