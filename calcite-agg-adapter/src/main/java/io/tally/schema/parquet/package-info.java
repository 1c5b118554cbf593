/**
 * Parquet files as Tally tables, read and written without Hadoop: the footer through parquet-java's
 * metadata converter, column chunks and pages by Tally ({@link
 * io.tally.schema.parquet.ChunkPages}), flat chunks decoded a page at a time straight into Arrow
 * vectors ({@link io.tally.schema.parquet.PageColumnFill}) and the other encodings through
 * parquet-column's value-at-a-time reader ({@link io.tally.schema.parquet.ColumnFill}), one row
 * group per split; row groups whose footer statistics rule out a pushed filter are skipped ({@link
 * io.tally.schema.parquet.RowGroupFilter}); {@code COPY ... TO} a Parquet file writes through
 * {@link io.tally.schema.parquet.ParquetSink}.
 */
package io.tally.schema.parquet;
