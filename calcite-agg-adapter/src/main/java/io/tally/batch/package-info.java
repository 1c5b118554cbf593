/**
 * The ground floor: what every other package shares about columnar data. SQL column types ({@link
 * io.tally.batch.ColumnType}, {@link io.tally.batch.DataType}) and the Arrow vectors they map to;
 * the contracts of a batch stream ({@link io.tally.batch.BatchCursor}, {@link
 * io.tally.batch.BatchSource}, {@link io.tally.batch.SplittableBatchSource}, {@link
 * io.tally.batch.BatchSplit}, {@link io.tally.batch.ReleasingCursor}); conversion between Calcite's
 * Java rows and Arrow batches ({@link io.tally.batch.RowBatcher}, {@link io.tally.batch.BatchRows},
 * {@link io.tally.batch.VectorWriter}, {@link io.tally.batch.ArrayCodec}); and the root exceptions
 * ({@link io.tally.batch.TallyException}, {@link io.tally.batch.QueryCancelledException}).
 *
 * <p>May import: Arrow and the JDK; nothing of Tally's (the ArchUnit test {@code LayersTest}
 * enforces it).
 */
package io.tally.batch;
