/**
 * Files named by path: which reader a file name asks for ({@link
 * io.tally.schema.files.FileFormat}), globs and hive {@code key=value} directories ({@link
 * io.tally.schema.files.FileGlob}), a connection's tables by path ({@link
 * io.tally.schema.files.FileTables}), several files as one table ({@link
 * io.tally.schema.files.MultiFileData}), and the target of {@code COPY ... TO} ({@link
 * io.tally.schema.files.CopyTarget}) with its CSV and Arrow writers. Nothing here needs a SQL
 * connection.
 *
 * <p>May import: {@code schema}, {@code schema.parquet}, {@code batch}, {@code memory}. Never
 * {@code exec}, the planner, {@code catalog} or {@code jdbc}.
 */
package io.tally.schema.files;
