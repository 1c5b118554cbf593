package io.tally.schema.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchCursor;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The page decoder ({@link PageColumnFill}) against parquet-column's value-at-a-time reader ({@link
 * ColumnFill}) on files DuckDB writes: every type Tally maps, with and without NULLs, dictionary
 * and plain, each codec, v1 and v2 data pages. Both read every column chunk in batches of sizes
 * that do not divide the pages, so pages span batches; vectors are compared cell by cell. Files
 * parquet-java writes add many pages per chunk, dictionaries falling back to plain part-way and v2
 * data pages. The test checks that the page decoder really read each of these.
 */
class PageColumnFillTest {
    private static final int ROWS = 70_000;

    /** Batch sizes: not dividing the pages, smaller and larger than them. */
    private static final int[] BATCHES = {997, 4099, 65_536};

    private static final int SMALL_PAGE_BYTES = 4096;
    private static final int SMALL_PAGE_ROWS = 1500;
    private static final int SMALL_DICTIONARY_BYTES = 2048;

    @TempDir static Path dir;

    @BeforeAll
    static void writeFiles() throws Exception {
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duck.createStatement()) {
            s.execute(
                    "CREATE TABLE t AS SELECT i AS id,"
                            + " CASE WHEN i % 7 = 0 THEN NULL ELSE i * 3 END AS big_plain,"
                            + " CASE WHEN i % 7 = 0 THEN NULL ELSE (i % 90)::BIGINT END AS big_dict,"
                            + " (i % 100)::INTEGER AS int_dict, i::INTEGER AS int_plain,"
                            + " CASE WHEN i % 5 = 0 THEN NULL ELSE 'k' || (i % 50) END AS str_dict,"
                            + " md5(i::VARCHAR) AS str_plain,"
                            + " CASE WHEN i % 9 < 4 THEN NULL ELSE md5(i::VARCHAR) END AS str_nulls,"
                            + " CASE WHEN i % 11 = 0 THEN NULL ELSE (i / 7.0)::DECIMAL(9,3) END AS dec32,"
                            + " (i / 7.0)::DECIMAL(18,3) AS dec64,"
                            + " CASE WHEN i % 3 = 0 THEN NULL ELSE (i / 5.0)::DECIMAL(30,4) END AS dec128,"
                            + " (i / 3.0)::DOUBLE AS dbl, (i % 10 / 4.0)::FLOAT AS flt,"
                            + " CASE WHEN i % 13 = 0 THEN NULL ELSE DATE '2020-01-01' + (i % 1000)::INTEGER"
                            + " END AS dt,"
                            + " TIMESTAMP '2020-01-01 00:00:00' + INTERVAL (i * 1001) MILLISECOND AS ts,"
                            + " (TIMESTAMP '2020-01-01' + INTERVAL (i) SECOND)::TIMESTAMP_MS AS ts_ms,"
                            + " (TIMESTAMP '2020-01-01' + INTERVAL (i) SECOND)::TIMESTAMP_NS AS ts_ns,"
                            + " TIME '00:00:00' + INTERVAL (i % 86400) SECOND AS tm,"
                            + " CASE WHEN i % 3 = 0 THEN NULL ELSE i % 2 = 0 END AS flag,"
                            + " i % 4 = 1 AS flag_req,"
                            + " (i % 10)::SMALLINT AS sm, (i % 100)::TINYINT AS ti,"
                            + " (i % 1000)::UINTEGER AS ui, (i * 17)::UBIGINT AS ub,"
                            + " ('b' || (i % 20))::BLOB AS bin,"
                            + " CASE WHEN i % 17 = 0 THEN NULL ELSE ['a' || (i % 3), NULL] END AS lst,"
                            + " CAST(NULL AS INTEGER) AS all_null,"
                            + " CASE WHEN i % 6 = 0 THEN NULL ELSE 'grow' || (i // 100) END AS str_grow,"
                            + " (i // 100)::BIGINT AS big_grow"
                            + " FROM range("
                            + ROWS
                            + ") r(i)");
            for (String codec : new String[] {"snappy", "zstd", "gzip", "uncompressed"}) {
                for (String version : new String[] {"V1", "V2"}) {
                    s.execute(
                            "COPY t TO '"
                                    + file(codec, version)
                                    + "' (FORMAT parquet, COMPRESSION "
                                    + codec
                                    + ", PARQUET_VERSION "
                                    + version
                                    + ", ROW_GROUP_SIZE 40000)");
                }
            }
            writeSmallPages("small-v1.parquet", ParquetProperties.WriterVersion.PARQUET_1_0);
            writeSmallPages("small-v2.parquet", ParquetProperties.WriterVersion.PARQUET_2_0);
        }
    }

    private static Path file(String codec, String version) {
        return dir.resolve(codec + "-" + version + ".parquet");
    }

    /**
     * DuckDB's snappy file rewritten by {@link ParquetSink} with small pages (many per chunk) and a
     * small dictionary limit (high-cardinality chunks fall back to plain pages part-way), as v1 and
     * as v2 data pages.
     */
    private static void writeSmallPages(String name, ParquetProperties.WriterVersion version)
            throws Exception {
        ParquetFileData source = new ParquetFileData("t", file("snappy", "V1"));
        int[] fields = new int[source.schema().getFields().size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = i;
        }
        ParquetProperties properties =
                ParquetProperties.builder()
                        .withWriterVersion(version)
                        .withDictionaryEncoding(true)
                        .withPageSize(SMALL_PAGE_BYTES)
                        .withPageRowCountLimit(SMALL_PAGE_ROWS)
                        .withDictionaryPageSize(SMALL_DICTIONARY_BYTES)
                        .build();
        try (BufferAllocator allocator = new RootAllocator();
                BatchCursor cursor = source.open(allocator, fields);
                ParquetSink sink =
                        new ParquetSink(
                                dir.resolve(name),
                                source.schema(),
                                CompressionCodecName.ZSTD,
                                40_000,
                                Long.MAX_VALUE,
                                properties)) {
            VectorSchemaRoot batch;
            while ((batch = cursor.next()) != null) {
                sink.write(batch);
            }
            sink.finish();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"snappy", "zstd", "gzip", "uncompressed"})
    void pageDecoderMatchesValueReader(String codec) throws Exception {
        Set<String> v1 = compareFile(file(codec, "V1"));
        Set<String> v2 = compareFile(file(codec, "V2"));
        assertTrue(v1.containsAll(Set.of("PLAIN", "DICTIONARY")), v1.toString());
        assertTrue(v2.contains("DICTIONARY"), v2.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"small-v1.parquet", "small-v2.parquet"})
    void smallPagesAndDictionaryFallbackMatchValueReader(String name) throws Exception {
        Set<String> kinds = compareFile(dir.resolve(name));
        assertTrue(kinds.contains("DICTIONARY"), kinds.toString());
        if (name.contains("v1")) {
            assertTrue(kinds.containsAll(Set.of("PLAIN", "DICTIONARY+PLAIN")), kinds.toString());
        }
    }

    /**
     * Compares both readers on every chunk the page decoder reads; returns the kinds of chunks it
     * read (PLAIN, DICTIONARY, or DICTIONARY+PLAIN for a dictionary that fell back).
     */
    private static Set<String> compareFile(Path file) throws Exception {
        Set<String> decoded = new HashSet<>();
        ParquetFooter footer = ParquetFooter.read(file);
        assertEquals(ROWS, footer.rows());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
                BufferAllocator allocator = new RootAllocator()) {
            for (BlockMetaData group : footer.rowGroups()) {
                for (ParquetColumn column : footer.columns()) {
                    ColumnChunkMetaData chunk = group.getColumns().get(column.leafIndex());
                    if (!PageColumnFill.decodes(column, chunk)) {
                        continue;
                    }
                    decoded.add(encodingsOf(chunk));
                    for (int batch : BATCHES) {
                        compare(file, channel, allocator, column, chunk, group, batch);
                    }
                }
            }
        }
        return decoded;
    }

    @Test
    void v1ChunksOfFlatColumnsAllUseThePageDecoder() {
        ParquetFooter footer = ParquetFooter.read(file("snappy", "V1"));
        for (BlockMetaData group : footer.rowGroups()) {
            for (ParquetColumn column : footer.columns()) {
                ColumnChunkMetaData chunk = group.getColumns().get(column.leafIndex());
                assertEquals(
                        column.kind() != ParquetColumn.Kind.STRING_LIST,
                        PageColumnFill.decodes(column, chunk),
                        column.field().getName() + " " + chunk.getEncodings());
            }
        }
    }

    @Test
    void v2PagesAreDecoded() throws Exception {
        Path file = dir.resolve("small-v2.parquet");
        ParquetFooter footer = ParquetFooter.read(file);
        BlockMetaData group = footer.rowGroups().get(0);
        ColumnChunkMetaData chunk = group.getColumns().get(column(footer, "str_dict").leafIndex());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            assertTrue(PageColumnFill.decodes(column(footer, "str_dict"), chunk));
            DataPage page = pages(channel, chunk).readPage();
            assertTrue(page instanceof DataPageV2, String.valueOf(page));
        }
    }

    @Test
    void hybridRunsDecodeAndTruncatedRunsAreErrors() {
        // RLE run: 5 x value 3 (header 5 << 1); bit-packed: 1 group (header 1 << 1 | 1) of 8
        // values 0..7 at bit width 3, LSB first
        byte[] data = {10, 3, 3, (byte) 0x88, (byte) 0xc6, (byte) 0xfa};
        int[] out = new int[13 + HybridDecoder.SLACK];
        HybridDecoder.decode(data, 0, data.length, 3, out, 13);
        assertArrayEquals(
                new int[] {3, 3, 3, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7}, Arrays.copyOf(out, 13));
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> HybridDecoder.decode(data, 0, 2, 3, out, 13));
        assertTrue(e.getMessage().contains("ends after 5 of 13"), e.getMessage());
    }

    @Test
    void dictionaryIdsOutsideTheDictionaryAndShortPagesAreErrors() {
        MessageType schema = MessageTypeParser.parseMessageType("message m { optional int32 x; }");
        ParquetColumn column = ParquetColumn.of(Path.of("m.parquet"), schema, 0);
        byte[] entries = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0};
        try (BufferAllocator allocator = new RootAllocator();
                FieldVector v = column.field().createVector(allocator)) {
            DictionaryValues dictionary =
                    DictionaryValues.read(
                            column,
                            new DictionaryPage(BytesInput.from(entries), 3, Encoding.PLAIN),
                            allocator);
            v.setInitialCapacity(4);
            v.allocateNew();
            dictionary.page(new int[] {2, 0}, 2).put(v, 0, 2);
            assertEquals(3, v.getDataBuffer().getInt(0));
            assertEquals(1, v.getDataBuffer().getInt(Integer.BYTES));
            IllegalStateException e =
                    assertThrows(
                            IllegalStateException.class,
                            () -> dictionary.page(new int[] {1, 3}, 2));
            assertTrue(e.getMessage().contains("dictionary id 3"), e.getMessage());
            IllegalStateException shortPage =
                    assertThrows(
                            IllegalStateException.class,
                            () -> new PlainValues(column, entries, 0, 10).put(v, 0, 3));
            assertTrue(shortPage.getMessage().contains("past the end"), shortPage.getMessage());
        }
    }

    private static String encodingsOf(ColumnChunkMetaData chunk) {
        EncodingStats stats = chunk.getEncodingStats();
        if (stats != null
                && stats.hasDictionaryEncodedPages()
                && stats.hasNonDictionaryEncodedPages()) {
            return "DICTIONARY+PLAIN";
        }
        Set<Encoding> e = chunk.getEncodings();
        return e.contains(Encoding.RLE_DICTIONARY) || e.contains(Encoding.PLAIN_DICTIONARY)
                ? "DICTIONARY"
                : "PLAIN";
    }

    private static ParquetColumn column(ParquetFooter footer, String name) {
        return footer.columns().stream()
                .filter(c -> c.field().getName().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static byte[] chunkBytes(FileChannel channel, ColumnChunkMetaData chunk)
            throws Exception {
        return ParquetFooter.readFully(
                        channel, chunk.getStartingPos(), Math.toIntExact(chunk.getTotalSize()))
                .array();
    }

    private static ChunkPages pages(FileChannel channel, ColumnChunkMetaData chunk)
            throws Exception {
        return new ChunkPages(chunkBytes(channel, chunk), chunk.getCodec(), chunk.getValueCount());
    }

    private static void compare(
            Path file,
            FileChannel channel,
            BufferAllocator allocator,
            ParquetColumn column,
            ColumnChunkMetaData chunk,
            BlockMetaData group,
            int batch)
            throws Exception {
        byte[] bytes = chunkBytes(channel, chunk);
        ChunkFill pages =
                new PageColumnFill(
                        column,
                        new ChunkPages(bytes, chunk.getCodec(), chunk.getValueCount()),
                        allocator);
        ChunkFill values = ChunkFill.valueAtATime(column, chunk, bytes, null);
        long left = group.getRowCount();
        long row = 0;
        while (left > 0) {
            int rows = (int) Math.min(batch, left);
            try (FieldVector a = column.field().createVector(allocator);
                    FieldVector b = column.field().createVector(allocator)) {
                for (FieldVector v : List.of(a, b)) {
                    v.setInitialCapacity(rows);
                    v.allocateNew();
                }
                pages.fill(a, rows);
                values.fill(b, rows);
                assertEquals(rows, a.getValueCount());
                for (int i = 0; i < rows; i++) {
                    Object expected = b.getObject(i);
                    Object actual = a.getObject(i);
                    if (expected instanceof byte[] e && actual instanceof byte[] x) {
                        expected = java.util.Arrays.toString(e);
                        actual = java.util.Arrays.toString(x);
                    }
                    assertEquals(
                            expected,
                            actual,
                            () -> file + " " + column.field().getName() + " batch " + batch);
                }
            }
            row += rows;
            left -= rows;
        }
        assertEquals(group.getRowCount(), row);
    }
}
