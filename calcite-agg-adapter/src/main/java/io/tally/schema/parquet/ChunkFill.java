package io.tally.schema.parquet;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * Fills Arrow vectors with the next rows of one column chunk. {@link #open} picks the
 * page-at-a-time {@link PageColumnFill} where it decodes the chunk's encodings and parquet-column's
 * value-at-a-time reader ({@link ColumnFill}) otherwise.
 */
interface ChunkFill {
    /** Reads {@code rows} rows into {@code vector} (already allocated and empty) from row 0. */
    void fill(FieldVector vector, int rows);

    /**
     * A fill for {@code column}'s chunk {@code chunk}, whose bytes are {@code bytes}.
     *
     * @param writer the file's writer, for parquet-column's work-arounds of known writer bugs
     * @param allocator where a dictionary is decoded (released before the chunk is read)
     */
    static ChunkFill open(
            ParquetColumn column,
            ColumnChunkMetaData chunk,
            byte[] bytes,
            VersionParser.ParsedVersion writer,
            BufferAllocator allocator) {
        if (PageColumnFill.decodes(column, chunk)) {
            return new PageColumnFill(
                    column,
                    new ChunkPages(bytes, chunk.getCodec(), chunk.getValueCount()),
                    allocator);
        }
        return valueAtATime(column, chunk, bytes, writer);
    }

    /** parquet-column's value-at-a-time reading of the chunk, for any encoding and lists. */
    static ChunkFill valueAtATime(
            ParquetColumn column,
            ColumnChunkMetaData chunk,
            byte[] bytes,
            VersionParser.ParsedVersion writer) {
        ChunkPages pages = new ChunkPages(bytes, chunk.getCodec(), chunk.getValueCount());
        BytesConverter strings =
                column.kind() == ParquetColumn.Kind.STRING
                                || column.kind() == ParquetColumn.Kind.BINARY
                                || column.kind() == ParquetColumn.Kind.STRING_LIST
                        ? new BytesConverter()
                        : null;
        PrimitiveConverter converter = strings != null ? strings : new PrimitiveConverter() {};
        return new ColumnFill(
                column, new ColumnReaderImpl(column.leaf(), pages, converter, writer), strings);
    }
}
