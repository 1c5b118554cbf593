/**
 * Tally inside Apache Spark: a DataSource V2 source (format {@code tally}) that reads Tally's file
 * formats through Tally's own readers, hands Spark {@code ColumnarBatch}es over Tally's Arrow
 * vectors, evaluates pushed filters with Tally's vectorized kernels and runs a pushed GROUP BY
 * (COUNT, SUM, MIN, MAX; AVG as SUM and COUNT) on Tally's blocked aggregate per input partition,
 * spilling under the {@code memory_limit} option. Spark merges the partial groups.
 *
 * <p>Driver side: {@link io.tally.spark.TallyDataSource} → {@link io.tally.spark.TallyTable} →
 * {@link io.tally.spark.TallyScanBuilder} (pushdown) → {@link io.tally.spark.TallyScan} (input
 * partitions). Executor side: {@link io.tally.spark.TallyReaderFactory} opens a {@link
 * io.tally.spark.ScanReader} or an {@link io.tally.spark.AggregateReader} per partition.
 */
package io.tally.spark;
