/**
 * Holistic aggregate states, which keep every value of a group until the group's result is written:
 * the value log ({@link io.tally.exec.holistic.ValueLog}, a chain of {@link
 * io.tally.exec.topk.TopKRowCodec} entries per group in the block's regions) behind {@link
 * io.tally.exec.holistic.ValueLogAccumulator} (ordered and DISTINCT LISTAGG and ARRAY_AGG, COLLECT,
 * FUSION, INTERSECTION, ARRAY_CONCAT_AGG, the JSON aggregates, MODE and PERCENTILE_DISC, each
 * result written by {@link io.tally.exec.holistic.ValueLogResults}), and ARG_MIN / ARG_MAX ({@link
 * io.tally.exec.holistic.ArgExtremeAccumulator}), whose one best entry per group uses the same
 * encoding.
 *
 * <p>May import: {@code batch}, {@code memory}, {@code exec.hash}, {@code exec.state}, {@code
 * exec.topk}.
 */
package io.tally.exec.holistic;
