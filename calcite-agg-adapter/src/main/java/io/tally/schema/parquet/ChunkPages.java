package io.tally.schema.parquet;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The pages of one column chunk, held as the chunk's bytes (read in one positional read) and
 * decoded one page at a time as parquet-column's reader asks: the Thrift page header, then the body
 * decompressed by {@link ParquetCodecs}. Index pages are skipped. A page that does not parse or
 * decompress throws {@link UncheckedIOException} with the cause; the cursor adds file, row group
 * and column.
 */
final class ChunkPages implements PageReader {
    private final byte[] chunk;
    private final ByteArrayInputStream in;
    private final CompressionCodecName codec;
    private final long totalValues;
    private long valuesRead;
    private DictionaryPage dictionary;
    private DataPage pending;

    /**
     * @param chunk the column chunk's bytes, from its first (dictionary or data) page
     * @param codec the chunk's compression codec
     * @param totalValues the value count the chunk's metadata gives (levels included)
     */
    ChunkPages(byte[] chunk, CompressionCodecName codec, long totalValues) {
        this.chunk = chunk;
        this.in = new ByteArrayInputStream(chunk);
        this.codec = codec;
        this.totalValues = totalValues;
        this.pending = nextPage();
    }

    @Override
    public DictionaryPage readDictionaryPage() {
        return dictionary;
    }

    @Override
    public long getTotalValueCount() {
        return totalValues;
    }

    @Override
    public DataPage readPage() {
        DataPage page = pending;
        pending = page == null ? null : nextPage();
        return page;
    }

    /** Decodes headers up to the next data page (keeping a dictionary page); null at the end. */
    private DataPage nextPage() {
        try {
            while (valuesRead < totalValues) {
                PageHeader header = Util.readPageHeader(in);
                int compressed = header.getCompressed_page_size();
                int uncompressed = header.getUncompressed_page_size();
                int offset = chunk.length - in.available();
                if (compressed < 0 || uncompressed < 0 || compressed > in.available()) {
                    throw new IOException(
                            "page of "
                                    + compressed
                                    + " bytes runs past the end of its column"
                                    + " chunk ("
                                    + in.available()
                                    + " bytes left)");
                }
                in.skip(compressed);
                switch (header.getType()) {
                    case DICTIONARY_PAGE:
                        {
                            DictionaryPageHeader h = header.getDictionary_page_header();
                            dictionary =
                                    new DictionaryPage(
                                            BytesInput.from(
                                                    ParquetCodecs.decompress(
                                                            codec,
                                                            chunk,
                                                            offset,
                                                            compressed,
                                                            uncompressed)),
                                            h.getNum_values(),
                                            encoding(h.getEncoding()));
                            break;
                        }
                    case DATA_PAGE:
                        {
                            DataPageHeader h = header.getData_page_header();
                            valuesRead += h.getNum_values();
                            return new DataPageV1(
                                    BytesInput.from(
                                            ParquetCodecs.decompress(
                                                    codec,
                                                    chunk,
                                                    offset,
                                                    compressed,
                                                    uncompressed)),
                                    h.getNum_values(),
                                    uncompressed,
                                    null,
                                    encoding(h.getRepetition_level_encoding()),
                                    encoding(h.getDefinition_level_encoding()),
                                    encoding(h.getEncoding()));
                        }
                    case DATA_PAGE_V2:
                        return pageV2(header, offset, compressed, uncompressed);
                    default:
                        break; // index pages carry nothing the scan needs
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A v2 data page: levels are stored uncompressed ahead of the (maybe compressed) values. */
    private DataPage pageV2(PageHeader header, int offset, int compressed, int uncompressed)
            throws IOException {
        DataPageHeaderV2 h = header.getData_page_header_v2();
        valuesRead += h.getNum_values();
        int repetition = h.getRepetition_levels_byte_length();
        int definition = h.getDefinition_levels_byte_length();
        int levels = repetition + definition;
        if (repetition < 0 || definition < 0 || levels > compressed) {
            throw new IOException(
                    "v2 page levels ("
                            + levels
                            + " bytes) exceed the page ("
                            + compressed
                            + " bytes)");
        }
        byte[] values =
                h.isIs_compressed()
                        ? ParquetCodecs.decompress(
                                codec,
                                chunk,
                                offset + levels,
                                compressed - levels,
                                uncompressed - levels)
                        : ParquetCodecs.decompress(
                                CompressionCodecName.UNCOMPRESSED,
                                chunk,
                                offset + levels,
                                compressed - levels,
                                compressed - levels);
        return DataPageV2.uncompressed(
                h.getNum_rows(),
                h.getNum_nulls(),
                h.getNum_values(),
                BytesInput.from(chunk, offset, repetition),
                BytesInput.from(chunk, offset + repetition, definition),
                encoding(h.getEncoding()),
                BytesInput.from(values),
                null);
    }

    private static Encoding encoding(org.apache.parquet.format.Encoding encoding) {
        return Encoding.valueOf(encoding.name());
    }
}
