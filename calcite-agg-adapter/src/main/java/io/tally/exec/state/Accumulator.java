package io.tally.exec.state;

import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The mutable state of one aggregate call over all groups, held as typed state columns in blocks.
 *
 * <p>Phases: {@link #update} folds a batch of input rows into the groups given by resolved ids (one
 * tight loop per call; id -1 means "row does not count"); {@link #serialize} writes a block's
 * states as the typed vectors of {@link #stateFields()} (the spill format); {@link #merge} folds
 * such vectors into groups; {@link #finish} writes a block's results.
 */
public abstract class Accumulator implements AutoCloseable {
    protected final AggregateCall call;
    protected final BlockLayout layout;
    protected final OperatorMemory memory;

    /** The call's name for error messages, built once (finish loops pass it for every value). */
    private final String label;

    private final List<StateColumn> columns = new ArrayList<>();

    /**
     * Per block: the byte region of variable-size state (accumulators whose states do not fit a
     * fixed width fill it; null once freed or never allocated). Freed with the block and on close.
     */
    protected final List<ArrowBuf> blockRegions = new ArrayList<>();

    /** The current batch's argument columns, in {@code call.args()} order. */
    protected DecodedColumn[] args;

    protected Accumulator(AggregateCall call, BlockLayout layout, OperatorMemory memory) {
        this.call = call;
        this.layout = layout;
        this.memory = memory;
        this.label = "aggregate '" + call.name() + "'";
    }

    protected final StateColumn newColumn(int width) {
        StateColumn c = new StateColumn(width, layout, memory);
        columns.add(c);
        return c;
    }

    /**
     * Stops owning state column {@code c}, still empty, whose values move into a column another
     * accumulator owns and shares (see {@link SumAccumulator#interleaveSums}).
     */
    final void dropColumn(StateColumn c) {
        if (c.blockCount != 0) {
            throw new IllegalStateException(label + ": a state column in use cannot move");
        }
        columns.remove(c);
    }

    /** Makes room in every state column for groups {@code 0..groups-1}. */
    public void ensureGroups(int groups) {
        for (StateColumn c : columns) {
            c.ensureGroups(groups);
        }
    }

    /** Upper bound of the bytes {@link #ensureGroups}{@code (groups)} newly allocates. */
    public long stateGrowthBound(int groups) {
        long bytes = 0;
        for (StateColumn c : columns) {
            bytes += c.growthBound(groups);
        }
        return bytes;
    }

    /**
     * Upper bound of the bytes {@link #update} of the bound arguments into {@code gids} newly
     * allocates (after {@link #ensureGroups}); fixed-width states allocate nothing.
     */
    public long updateBound(int[] gids, int n) {
        return 0;
    }

    /**
     * Upper bound of the bytes {@link #merge} of {@code states} into {@code gids} newly allocates.
     */
    public long mergeBound(List<FieldVector> states, int[] gids, int n) {
        return 0;
    }

    /**
     * The current chunk's rows per group when {@link #update}'s ids are exactly the ones it counted
     * (no FILTER, no DISTINCT); null otherwise. Only a hint: update may ignore it.
     */
    protected ChunkTally tally;

    public void bind(DecodedColumn[] arguments) {
        bind(arguments, null);
    }

    /** Binds the arguments and the chunk's {@link ChunkTally} of the ids update will get. */
    public void bind(DecodedColumn[] arguments, ChunkTally chunkTally) {
        this.args = arguments;
        this.tally = chunkTally != null && chunkTally.active() ? chunkTally : null;
    }

    /** Arrow fields of the serialized state, in order. */
    public abstract List<Field> stateFields();

    /** Folds rows {@code 0..n-1} of the bound arguments into groups {@code gids[i]} (skip -1). */
    public abstract void update(int[] gids, int n);

    /** Writes the states of block {@code block} ({@code rows} groups) into {@code out}. */
    public abstract void serialize(int block, int rows, List<FieldVector> out);

    /** Folds serialized states {@code states} (rows {@code 0..n-1}) into groups {@code gids[i]}. */
    public abstract void merge(List<FieldVector> states, int[] gids, int n);

    /**
     * Whether {@link #mergeStored} folds another accumulator's states state column to state column
     * (no serialized batch); those that do not are merged through {@link #serialize} and {@link
     * #merge}.
     */
    public boolean mergesStored() {
        return false;
    }

    /**
     * Folds the states of groups {@code srcGids[0..n-1]} of {@code src} (an accumulator of the same
     * call and block layout) into groups {@code gids[i]} (skip -1), reading {@code src}'s state
     * columns in place; allocates nothing. Only when {@link #mergesStored}.
     */
    public void mergeStored(Accumulator src, int[] srcGids, int[] gids, int n) {
        throw new UnsupportedOperationException(label() + " merges through serialized states");
    }

    /** Writes the results of block {@code block} ({@code rows} groups) into {@code out}. */
    public abstract void finish(int block, int rows, FieldVector out);

    /** Frees block {@code block}'s state. */
    public void releaseBlock(int block) {
        for (StateColumn c : columns) {
            c.releaseBlock(block);
        }
        freeRegion(block);
    }

    private void freeRegion(int block) {
        if (block < blockRegions.size() && blockRegions.get(block) != null) {
            memory.free(blockRegions.get(block));
            blockRegions.set(block, null);
        }
    }

    @Override
    public void close() {
        for (StateColumn c : columns) {
            c.close();
        }
        for (int b = 0; b < blockRegions.size(); b++) {
            freeRegion(b);
        }
    }

    /** Wraps an arithmetic overflow as an error naming this call. */
    protected final TallyException overflow(ArithmeticException e) {
        return new TallyException(
                call.kind()
                        + " overflowed in aggregate '"
                        + call.name()
                        + "' ("
                        + call.outputType()
                        + ")",
                e);
    }

    protected final String label() {
        return label;
    }

    /** A decoded column for reading serialized states of type {@code type}. */
    protected static DecodedColumn decode(FieldVector v, DataType type, int n) {
        DecodedColumn d = new DecodedColumn(type, "state " + v.getField().getName());
        d.decode(v, n);
        return d;
    }
}
