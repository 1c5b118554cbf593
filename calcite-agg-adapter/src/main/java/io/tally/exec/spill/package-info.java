/**
 * The aggregate-specific parts of spilling: radix partitioning of groups by the table's key hash
 * ({@link io.tally.exec.spill.Partitioner}), per-partition staging of rows into write-sized batches
 * ({@link io.tally.exec.spill.SpillStaging}), the layout of spilled partial states (typed columns
 * or the binary baseline, {@link io.tally.exec.spill.SpillFileFormat}), and the signal that a
 * partition must be split further ({@link io.tally.exec.spill.PartitionOverflowException}). The
 * files, codecs and directories are {@code io.tally.spill}; the driver that spills an aggregator's
 * table is {@code io.tally.exec.AggregateSpiller}.
 *
 * <p>May import: {@code batch}, {@code memory}, {@code spill}, {@code exec.hash}.
 */
package io.tally.exec.spill;
