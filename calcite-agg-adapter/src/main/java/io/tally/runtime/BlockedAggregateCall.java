package io.tally.runtime;

import io.tally.exec.AggregateSpec;
import java.io.Serializable;

/**
 * What generated code hands the runtime for one {@code io.tally.plan.EnumerableBlockedAggregate}
 * (built by {@code io.tally.plan.AggregateTranslator}): the runtime's {@link AggregateSpec} over
 * the input columns the aggregate uses, which input ordinals those are, how input and output rows
 * are shaped, and whether the input is read as rows even when it could hand over batches ({@code
 * vectorize=false}).
 */
public final class BlockedAggregateCall implements Serializable {
    private static final long serialVersionUID = 1L;
    private final AggregateSpec spec;
    private final int[] inputColumns;
    private final RowShape inputShape;
    private final RowShape outputShape;
    private final String operatorName;
    private final boolean rowInput;
    private final TopKOutput topK;
    private final boolean batchOutput;

    /**
     * The call of an aggregate (or, with {@code topK}, a top-k-per-group operator) named {@code
     * operatorName} computing {@code spec} over the input columns {@code inputColumns}; {@code
     * batchOutput}: its output may go on as batches (see {@link #batchOutput()}).
     */
    public BlockedAggregateCall(
            AggregateSpec spec,
            int[] inputColumns,
            RowShape inputShape,
            RowShape outputShape,
            String operatorName,
            boolean rowInput,
            TopKOutput topK,
            boolean batchOutput) {
        this.spec = spec;
        this.inputColumns = inputColumns;
        this.inputShape = inputShape;
        this.outputShape = outputShape;
        this.operatorName = operatorName;
        this.rowInput = rowInput;
        this.topK = topK;
        this.batchOutput = batchOutput;
    }

    /**
     * Whether Tally operators above may read the output as Arrow batches: its columns have the
     * types the plan's row type says ({@code
     * io.tally.plan.EnumerableBlockedAggregate#batchOutput}).
     */
    public boolean batchOutput() {
        return batchOutput;
    }

    /** How groups become rows for a top-k-per-group operator; null for a plain aggregate. */
    public TopKOutput topK() {
        return topK;
    }

    public AggregateSpec spec() {
        return spec;
    }

    /** For each column of the spec's input, the ordinal of the aggregate's input column. */
    public int[] inputColumns() {
        return inputColumns.clone();
    }

    public RowShape inputShape() {
        return inputShape;
    }

    public RowShape outputShape() {
        return outputShape;
    }

    /**
     * Whether the input is read as rows even if it can give batches (planned with vectorize=false).
     */
    public boolean rowInput() {
        return rowInput;
    }

    /**
     * The operator's name in allocators, errors and metrics, e.g. {@code
     * EnumerableBlockedAggregate#12}.
     */
    public String operatorName() {
        return operatorName;
    }
}
