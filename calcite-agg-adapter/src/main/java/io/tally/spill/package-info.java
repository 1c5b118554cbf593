/**
 * Spill files of the aggregate operator: per-operator spill directories that are removed on close
 * and at JVM shutdown ({@link io.tally.spill.SpillDirectory}), partition files of Arrow IPC record
 * batches framed with a CRC32C checksum and optional body compression ({@link
 * io.tally.spill.SpillWriter}, {@link io.tally.spill.SpillReader}) written and read with direct I/O
 * where the file system allows it ({@link io.tally.spill.DirectIo}), the one-binary-column baseline
 * state encoding ({@link io.tally.spill.BinaryStateCodec}) and process-wide counters ({@link
 * io.tally.spill.SpillStats}).
 *
 * <p>May import: nothing of Tally's; the aggregate-specific parts of spilling are {@code
 * io.tally.exec.spill}.
 */
package io.tally.spill;
