package io.tally.schema.parquet;

import io.tally.schema.DataFileException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;

/**
 * What a Parquet file's footer says: its columns as Tally reads them, its row groups and the total
 * row count. Layout read: {@code PAR1}, column chunks, Thrift {@code FileMetaData}, its length as a
 * 4-byte little-endian int, {@code PAR1}. Encrypted footers ({@code PARE}) are refused.
 *
 * @param columns every top-level field, in file order
 * @param schema the Arrow schema of those columns
 * @param rowGroups the row groups in file order
 * @param rows total rows
 * @param createdBy the writer, as recorded (used to work around known writer bugs)
 */
record ParquetFooter(
        List<ParquetColumn> columns,
        Schema schema,
        List<BlockMetaData> rowGroups,
        long rows,
        String createdBy,
        MessageType fileSchema) {
    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    private static final int TAIL_BYTES = Integer.BYTES + 4;
    private static final int MIN_FILE_BYTES = 4 + TAIL_BYTES;

    /** Reads the footer of {@code file}, or throws {@link DataFileException} naming it. */
    static ParquetFooter read(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size == 0) {
                throw new DataFileException(file + ": file is empty, not a Parquet file");
            }
            if (size < MIN_FILE_BYTES) {
                throw new DataFileException(
                        file
                                + ": not a Parquet file ("
                                + size
                                + " bytes, too short for the PAR1 header and footer)");
            }
            ByteBuffer head = readFully(channel, 0, 4);
            ByteBuffer tail =
                    readFully(channel, size - TAIL_BYTES, TAIL_BYTES)
                            .order(ByteOrder.LITTLE_ENDIAN);
            if (!magic(head, 0)) {
                throw new DataFileException(
                        file + ": not a Parquet file (it does not start with PAR1)");
            }
            if (!magic(tail, Integer.BYTES)) {
                String end =
                        new String(tail.array(), Integer.BYTES, 4, StandardCharsets.ISO_8859_1);
                throw new DataFileException(
                        file
                                + (end.equals("PARE")
                                        ? ": encrypted Parquet files are not supported"
                                        : ": truncated or corrupt Parquet file (it does not end with PAR1)"));
            }
            int length = tail.getInt(0);
            if (length <= 0 || length > size - MIN_FILE_BYTES) {
                throw new DataFileException(
                        file
                                + ": corrupt Parquet file (footer length "
                                + length
                                + " does not fit in a file of "
                                + size
                                + " bytes)");
            }
            ByteBuffer footer = readFully(channel, size - TAIL_BYTES - length, length);
            ParquetMetadata metadata =
                    new ParquetMetadataConverter()
                            .readParquetMetadata(
                                    new ByteArrayInputStream(footer.array()),
                                    ParquetMetadataConverter.NO_FILTER);
            return of(file, metadata, size);
        } catch (IOException | RuntimeException e) {
            if (e instanceof DataFileException d) {
                throw d;
            }
            throw new DataFileException(
                    file + ": cannot read Parquet footer: " + e.getMessage(), e);
        }
    }

    private static ParquetFooter of(Path file, ParquetMetadata metadata, long size) {
        MessageType fileSchema = metadata.getFileMetaData().getSchema();
        List<ParquetColumn> columns = new ArrayList<>(fileSchema.getFieldCount());
        List<Field> fields = new ArrayList<>(fileSchema.getFieldCount());
        for (int i = 0; i < fileSchema.getFieldCount(); i++) {
            ParquetColumn column = ParquetColumn.of(file, fileSchema, i);
            columns.add(column);
            fields.add(column.field());
        }
        long rows = 0;
        int group = 0;
        for (BlockMetaData block : metadata.getBlocks()) {
            group++;
            rows += block.getRowCount();
            for (ColumnChunkMetaData chunk : block.getColumns()) {
                long start = chunk.getStartingPos();
                if (start < 4 || chunk.getTotalSize() < 0 || start + chunk.getTotalSize() > size) {
                    throw new DataFileException(
                            file
                                    + ": truncated or corrupt Parquet file (row group "
                                    + group
                                    + ", column '"
                                    + chunk.getPath().toDotString()
                                    + "' lies outside the file)");
                }
                if (!ParquetCodecs.supports(chunk.getCodec())) {
                    throw new DataFileException(
                            file
                                    + ": row group "
                                    + group
                                    + ", column '"
                                    + chunk.getPath().toDotString()
                                    + "' uses compression "
                                    + chunk.getCodec()
                                    + ", which Tally cannot read (supported: "
                                    + ParquetCodecs.SUPPORTED
                                    + ")");
                }
            }
        }
        return new ParquetFooter(
                List.copyOf(columns),
                new Schema(fields),
                List.copyOf(metadata.getBlocks()),
                rows,
                metadata.getFileMetaData().getCreatedBy(),
                fileSchema);
    }

    private static boolean magic(ByteBuffer buffer, int at) {
        for (int i = 0; i < MAGIC.length; i++) {
            if (buffer.get(at + i) != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /** {@code length} bytes at {@code position}, read fully into a heap buffer. */
    static ByteBuffer readFully(FileChannel channel, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position + buffer.position());
            if (n < 0) {
                throw new IOException(
                        "unexpected end of file at byte " + (position + buffer.position()));
            }
        }
        return buffer;
    }
}
