package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.hash.GroupHashTable;
import io.tally.exec.hash.KeyColumn;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.List;

/**
 * Exact DISTINCT for one aggregate call: a second blocked hash table keyed by (group id, argument
 * values). A row passes only the first time its (group, arguments) pair is seen, so the underlying
 * accumulator sees each distinct value once per group.
 */
public final class DistinctFilter implements AutoCloseable {
    private static final DataType GROUP_ID = new DataType(ColumnType.INTEGER, 0, 0, false);
    private final GroupHashTable seen;
    private final DecodedColumn groupIds = new DecodedColumn(GROUP_ID, "group id");
    private final DecodedColumn[] inputs;
    private byte[] skip = new byte[0];
    private int[] pairIds = new int[0];

    public DistinctFilter(
            List<DataType> argTypes, BlockLayout layout, OperatorMemory memory, long hashMask) {
        List<KeyColumn> keys = new ArrayList<>();
        keys.add(KeyColumn.create(GROUP_ID, layout, memory));
        for (DataType t : argTypes) {
            keys.add(KeyColumn.create(t, layout, memory));
        }
        this.inputs = new DecodedColumn[keys.size()];
        GroupHashTable table;
        try {
            table = GroupHashTable.hashOnly(keys, layout, memory, hashMask);
        } catch (RuntimeException e) {
            keys.forEach(KeyColumn::close);
            throw e;
        }
        this.seen = table;
    }

    /** Upper bound of the bytes filtering {@code n} rows of {@code args} newly allocates. */
    public long growthBound(int n, DecodedColumn[] args) {
        inputs[0] = groupIds;
        System.arraycopy(args, 0, inputs, 1, args.length);
        return seen.growthBound(inputs, n);
    }

    /** The (group id, arguments) pairs seen so far, as a table whose key 0 is the group id. */
    public GroupHashTable pairs() {
        return seen;
    }

    /** Sets {@code gids[i]} to -1 for rows whose (group, arguments) pair was seen before. */
    public void filter(int[] gids, int n, DecodedColumn[] args) {
        if (skip.length < n) {
            skip = new byte[Math.max(n, skip.length * 2)];
            pairIds = new int[skip.length];
        }
        groupIds.fillConstant(0, n);
        for (int i = 0; i < n; i++) {
            groupIds.longs[i] = gids[i];
            skip[i] = (byte) (gids[i] < 0 ? 1 : 0);
        }
        groupIds.changed();
        inputs[0] = groupIds;
        System.arraycopy(args, 0, inputs, 1, args.length);
        int next = seen.groupCount();
        seen.resolve(inputs, n, skip, pairIds);
        for (int i = 0; i < n; i++) {
            if (pairIds[i] == next) {
                next++;
            } else {
                gids[i] = -1;
            }
        }
    }

    @Override
    public void close() {
        seen.close();
    }
}
