/**
 * The top-k-per-group aggregate ({@code ROW_NUMBER() OVER (PARTITION BY … ORDER BY …) <= k}):
 * {@link io.tally.exec.topk.TopKAccumulator} keeps each group's k best rows sorted in its block
 * regions, as entries {@link io.tally.exec.topk.TopKRowCodec} encodes so they sort as bytes; {@link
 * io.tally.exec.topk.TopKExpander} turns drained groups back into rows.
 *
 * <p>May import: {@code batch}, {@code memory}, {@code exec.hash}, {@code exec.state}.
 */
package io.tally.exec.topk;
