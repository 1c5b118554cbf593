package io.tally.schema.parquet;

import io.tally.batch.BatchCursor;
import io.tally.schema.DataFileException;
import io.tally.schema.ScanData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.VersionParser;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Reads the row groups it claims from a Parquet file into Arrow batches of up to {@link
 * ScanData#BATCH_ROWS} rows holding the projected columns. For each row group only the projected
 * columns' chunks are read (one positional read each); pages are decoded as the batches need them.
 * Any decoding failure becomes a {@link DataFileException} naming file, row group and column.
 */
final class ParquetBatchCursor implements BatchCursor {
    private final Path file;
    private final ParquetFooter footer;
    private final ParquetColumn[] columns;
    private final IntSupplier claim;
    private final FileChannel channel;
    private final VectorSchemaRoot root;
    private final BufferAllocator allocator;
    private final VersionParser.ParsedVersion writer;
    private ChunkFill[] fills;
    private int rowGroup = -1;
    private long rowsLeft;

    /**
     * @param claim hands out the indexes of the row groups to read, a negative or too large index
     *     ending the cursor
     */
    ParquetBatchCursor(
            Path file,
            ParquetFooter footer,
            int[] fields,
            BufferAllocator allocator,
            IntSupplier claim) {
        this.file = file;
        this.footer = footer;
        this.claim = claim;
        this.columns = new ParquetColumn[fields.length];
        List<Field> projected = new ArrayList<>(fields.length);
        for (int i = 0; i < fields.length; i++) {
            columns[i] = footer.columns().get(fields[i]);
            projected.add(columns[i].field());
        }
        this.writer = parseWriter(footer.createdBy());
        try {
            this.channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new DataFileException(file + ": cannot open Parquet file: " + e.getMessage(), e);
        }
        this.allocator = allocator;
        this.root = VectorSchemaRoot.create(new Schema(projected), allocator);
    }

    private static VersionParser.ParsedVersion parseWriter(String createdBy) {
        try {
            return createdBy == null ? null : VersionParser.parse(createdBy);
        } catch (VersionParser.VersionParseException | RuntimeException e) {
            return null; // only used to work around bugs of known writers
        }
    }

    @Override
    public VectorSchemaRoot next() {
        while (rowsLeft == 0) {
            if (!nextRowGroup()) {
                return null;
            }
        }
        int rows = (int) Math.min(ScanData.BATCH_ROWS, rowsLeft);
        int column = 0;
        try {
            for (; column < columns.length; column++) {
                FieldVector vector = root.getVector(column);
                vector.clear();
                vector.setInitialCapacity(rows);
                vector.allocateNew();
                fills[column].fill(vector, rows);
            }
        } catch (RuntimeException e) {
            throw failure(columns[column], e);
        }
        rowsLeft -= rows;
        root.setRowCount(rows);
        return root;
    }

    /** Claims the next row group and opens its projected column chunks; false when none is left. */
    private boolean nextRowGroup() {
        int index = claim.getAsInt();
        List<BlockMetaData> groups = footer.rowGroups();
        if (index < 0 || index >= groups.size()) {
            return false;
        }
        rowGroup = index;
        BlockMetaData group = groups.get(index);
        fills = new ChunkFill[columns.length];
        for (int i = 0; i < columns.length; i++) {
            ParquetColumn column = columns[i];
            try {
                ColumnChunkMetaData chunk = group.getColumns().get(column.leafIndex());
                byte[] bytes =
                        ParquetFooter.readFully(
                                        channel,
                                        chunk.getStartingPos(),
                                        Math.toIntExact(chunk.getTotalSize()))
                                .array();
                fills[i] = ChunkFill.open(column, chunk, bytes, writer, allocator);
            } catch (IOException | RuntimeException e) {
                throw failure(column, e);
            }
        }
        rowsLeft = group.getRowCount();
        return true;
    }

    private DataFileException failure(ParquetColumn column, Exception e) {
        if (e instanceof DataFileException d) {
            return d;
        }
        Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
        return new DataFileException(
                file
                        + ": row group "
                        + (rowGroup + 1)
                        + ", column '"
                        + column.field().getName()
                        + "': corrupt Parquet data ("
                        + cause.getClass().getSimpleName()
                        + ": "
                        + cause.getMessage()
                        + ")",
                e);
    }

    @Override
    public void close() {
        try (channel) {
            root.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
