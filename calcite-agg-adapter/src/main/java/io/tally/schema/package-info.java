/**
 * Data files and the readers that turn them into Arrow batches: a table's data ({@link
 * io.tally.schema.ScanData}: CSV, Arrow IPC, {@code numbers(n)}; Parquet in {@code
 * schema.parquet}), its inferred or declared column types, the batch cursors and parallel splits,
 * the engine-wide table cache, and the scan generated code runs ({@link
 * io.tally.schema.ScanEnumerable}: rows for Calcite, batches for Tally's operators). {@code
 * schema.files} picks a reader by file name, expands globs and writes COPY targets.
 *
 * <p>May import: {@code batch}, {@code memory}, {@code session} (the {@code cache} setting,
 * progress and cancel flag of a scan). Never {@code exec}, the planner, {@code catalog} or {@code
 * jdbc}.
 */
package io.tally.schema;
