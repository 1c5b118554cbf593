package io.tally.plan;

import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.rel.RelNode;

/**
 * How a Tally aggregate's input reaches it, for EXPLAIN: {@code batches} when its input is a Tally
 * scan, a {@link TallyBatchCalc} or an aggregate whose output goes on as batches ({@link
 * EnumerableBlockedAggregate#batchOutput()}): Arrow batches end to end; otherwise {@code rows
 * (<operator>: <why>)}, rows packed into batches by the aggregate, with the reason the input was
 * not vectorized (for a calc over a scan: its first unsupported expression; {@code rows
 * (vectorize=false)} for any input of a statement planned with that setting).
 */
final class InputPath {
    private InputPath() {}

    /** The path of an aggregate's {@code input}; {@code vectorize} is the statement's setting. */
    static String of(RelNode input, boolean vectorize) {
        if (!vectorize) {
            return "rows (vectorize=false)";
        }
        if (producesBatches(input)) {
            return "batches";
        }
        String name = input.getRelTypeName();
        if (!(input instanceof EnumerableCalc calc)) {
            return "rows (" + name + ")";
        }
        RelNode below = calc.getInput();
        if (!producesBatches(below)) {
            return "rows (" + name + " over " + below.getRelTypeName() + ")";
        }
        if (!TallyBatchCalcRule.enabled()) {
            return "rows (" + name + ": vectorized calcs switched off)";
        }
        String reason =
                BatchCalcTranslator.unsupportedReason(
                        calc.getProgram(), calc.getCluster().getRexBuilder());
        return "rows (" + name + ": " + (reason == null ? "planner chose rows" : reason) + ")";
    }

    /**
     * Whether {@code rel} hands Arrow batches to a Tally operator above it: a Tally scan, a batch
     * calc, or an aggregate with {@link EnumerableBlockedAggregate#batchOutput()}.
     */
    static boolean producesBatches(RelNode rel) {
        return rel instanceof TallyTableScan
                || rel instanceof TallyBatchCalc
                || (rel instanceof EnumerableBlockedAggregate agg && agg.batchOutput());
    }
}
