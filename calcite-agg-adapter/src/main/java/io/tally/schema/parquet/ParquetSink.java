package io.tally.schema.parquet;

import io.tally.datasets.BatchSink;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Writes Arrow batches as a Parquet file with parquet-java's own page and file writers, without
 * Hadoop: dictionary encoding (falling back to plain when a column chunk's dictionary outgrows
 * {@link #DICTIONARY_PAGE_BYTES}), min/max statistics per page and column chunk, one of the codecs
 * of {@link ParquetCodecs}. A row group is cut after {@code rowGroupRows} rows or once its buffered
 * pages reach {@code rowGroupBytes}, which bounds the heap the writer holds.
 */
public final class ParquetSink implements BatchSink {
    /** Target size of an encoded data page. */
    private static final int PAGE_BYTES = 1 << 20;

    /** Largest dictionary page per column chunk before the writer falls back to plain values. */
    private static final int DICTIONARY_PAGE_BYTES = 1 << 20;

    /** Rows between two checks of a row group's buffered size. */
    private static final int SIZE_CHECK_ROWS = 1024;

    private final MessageType schema;
    private final List<ParquetOutputColumn> columns = new ArrayList<>();
    private final ParquetProperties properties;
    private final BytesInputCompressor compressor;
    private final ParquetFileWriter file;
    private final long rowGroupRows;
    private final long rowGroupBytes;
    private ColumnChunkPageWriteStore pages;
    private ColumnWriteStore store;
    private ColumnWriter[] writers;
    private long groupRows;
    private boolean finished;

    /**
     * A sink writing {@code target} (replaced if it exists).
     *
     * @throws io.tally.schema.DataFileException naming a column whose type Parquet cannot hold
     */
    public ParquetSink(
            Path target,
            Schema arrow,
            CompressionCodecName codec,
            long rowGroupRows,
            long rowGroupBytes)
            throws IOException {
        this(
                target,
                arrow,
                codec,
                rowGroupRows,
                rowGroupBytes,
                ParquetProperties.builder()
                        .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
                        .withDictionaryEncoding(true)
                        .withPageSize(PAGE_BYTES)
                        .withDictionaryPageSize(DICTIONARY_PAGE_BYTES)
                        .build());
    }

    /**
     * A sink with parquet-java's page and encoding settings {@code properties} (tests vary them).
     */
    ParquetSink(
            Path target,
            Schema arrow,
            CompressionCodecName codec,
            long rowGroupRows,
            long rowGroupBytes,
            ParquetProperties properties)
            throws IOException {
        List<Type> fields = new ArrayList<>();
        for (Field field : arrow.getFields()) {
            ParquetOutputColumn column = ParquetOutputColumn.of(field);
            columns.add(column);
            fields.add(column.type);
        }
        this.schema = new MessageType("schema", fields);
        this.rowGroupRows = rowGroupRows;
        this.rowGroupBytes = rowGroupBytes;
        this.compressor = ParquetCodecs.compressor(codec);
        this.properties = properties;
        this.file = newFileWriter(target, schema, rowGroupBytes, properties);
        file.start();
    }

    /**
     * parquet-java's file writer over a local file. Its constructor is called through a method
     * handle: javac cannot choose among the constructor's overloads without Hadoop's classes, some
     * of which take a Hadoop {@code Configuration}; the one used here needs none at run time.
     */
    private static ParquetFileWriter newFileWriter(
            Path target, MessageType schema, long rowGroupBytes, ParquetProperties properties)
            throws IOException {
        try {
            return (ParquetFileWriter)
                    FILE_WRITER.invoke(
                            new LocalOutputFile(target),
                            schema,
                            ParquetFileWriter.Mode.OVERWRITE,
                            rowGroupBytes,
                            0,
                            (FileEncryptionProperties) null,
                            properties);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException(e);
        }
    }

    private static final MethodHandle FILE_WRITER = fileWriterConstructor();

    private static MethodHandle fileWriterConstructor() {
        try {
            return MethodHandles.publicLookup()
                    .findConstructor(
                            ParquetFileWriter.class,
                            MethodType.methodType(
                                    void.class,
                                    OutputFile.class,
                                    MessageType.class,
                                    ParquetFileWriter.Mode.class,
                                    long.class,
                                    int.class,
                                    FileEncryptionProperties.class,
                                    ParquetProperties.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public void write(VectorSchemaRoot batch) throws IOException {
        List<FieldVector> vectors = batch.getFieldVectors();
        int rows = batch.getRowCount();
        for (int row = 0; row < rows; row++) {
            if (store == null) {
                startRowGroup();
            }
            for (int c = 0; c < writers.length; c++) {
                columns.get(c).write(writers[c], vectors.get(c), row);
            }
            store.endRecord();
            groupRows++;
            if (groupRows >= rowGroupRows
                    || groupRows % SIZE_CHECK_ROWS == 0
                            && store.getBufferedSize() >= rowGroupBytes) {
                endRowGroup();
            }
        }
    }

    private void startRowGroup() {
        pages =
                new ColumnChunkPageWriteStore(
                        compressor,
                        schema,
                        properties.getAllocator(),
                        properties.getColumnIndexTruncateLength(),
                        properties.getPageWriteChecksumEnabled());
        store = properties.newColumnWriteStore(schema, pages);
        List<ColumnDescriptor> descriptors = schema.getColumns();
        writers = new ColumnWriter[descriptors.size()];
        for (int c = 0; c < writers.length; c++) {
            writers[c] = store.getColumnWriter(descriptors.get(c));
        }
        groupRows = 0;
    }

    private void endRowGroup() throws IOException {
        try {
            file.startBlock(groupRows);
            store.flush();
            pages.flushToFileWriter(file);
            file.endBlock();
        } finally {
            releaseRowGroup();
        }
    }

    private void releaseRowGroup() {
        if (store != null) {
            store.close();
            pages.close();
            store = null;
            pages = null;
            writers = null;
        }
    }

    @Override
    public void finish() throws IOException {
        if (store != null && groupRows > 0) {
            endRowGroup();
        }
        releaseRowGroup();
        file.end(Map.of());
        finished = true;
    }

    @Override
    public void close() throws IOException {
        releaseRowGroup();
        if (!finished) {
            file.abort(); // closes the file; the caller deletes it
        }
        compressor.release();
    }
}
