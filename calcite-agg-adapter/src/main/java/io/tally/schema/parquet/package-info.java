/**
 * Parquet files as Tally tables, read without Hadoop: the footer through parquet-java's metadata
 * converter, column chunks and pages by Tally ({@link io.tally.schema.parquet.ChunkPages}), values
 * through parquet-column's decoders into Arrow vectors, one row group per split.
 */
package io.tally.schema.parquet;
