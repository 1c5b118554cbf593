package io.tally.schema.parquet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.Set;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Reads a flat column chunk a whole data page at a time (v1 and v2 pages): definition levels are
 * decoded in runs and become the validity bitmap a run of rows at a time, values come from {@link
 * PlainValues} or, for dictionary-encoded pages, from the page's ids decoded in bulk and copied out
 * of the chunk's {@link DictionaryValues}. Pages span batches: a page's decoded levels and values
 * stay until its last row is filled. Chunks with other encodings (DELTA_BINARY_PACKED,
 * DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT) and lists are read by {@link
 * ColumnFill} instead; see {@link #decodes}.
 */
final class PageColumnFill implements ChunkFill {
    /** Encodings (values and levels) this class decodes. */
    private static final Set<Encoding> ENCODINGS =
            EnumSet.of(
                    Encoding.PLAIN,
                    Encoding.RLE,
                    Encoding.BIT_PACKED,
                    Encoding.PLAIN_DICTIONARY,
                    Encoding.RLE_DICTIONARY);

    private final ParquetColumn column;
    private final ChunkPages pages;
    private final BufferAllocator allocator;
    private final int maxDefinition;
    private DictionaryValues dictionary;
    private int[] levels = new int[0];
    private int[] ids = new int[0];
    private int pageSize;
    private int pageNext;
    private PageValues values;

    /** Whether this class reads {@code chunk} of {@code column}. */
    static boolean decodes(ParquetColumn column, ColumnChunkMetaData chunk) {
        if (column.kind() == ParquetColumn.Kind.STRING_LIST
                || column.leaf().getMaxRepetitionLevel() != 0) {
            return false;
        }
        return ENCODINGS.containsAll(chunk.getEncodings());
    }

    /**
     * @param allocator where the dictionary is decoded (released before the constructor returns)
     */
    PageColumnFill(ParquetColumn column, ChunkPages pages, BufferAllocator allocator) {
        this.column = column;
        this.pages = pages;
        this.allocator = allocator;
        this.maxDefinition = column.leaf().getMaxDefinitionLevel();
    }

    @Override
    public void fill(FieldVector vector, int rows) {
        if (vector.getValueCapacity() < rows) {
            vector.setInitialCapacity(rows);
            vector.allocateNew();
        }
        BaseVariableWidthVector var = vector instanceof BaseVariableWidthVector v ? v : null;
        ArrowBuf validity = vector.getValidityBuffer();
        int row = 0;
        while (row < rows) {
            if (pageNext == pageSize) {
                nextPage();
                continue;
            }
            int n = Math.min(rows - row, pageSize - pageNext);
            if (maxDefinition == 0) {
                values.put(vector, row, n);
                VectorWrites.setValid(validity, row, n);
            } else {
                int i = 0;
                while (i < n) {
                    int start = i;
                    boolean present = levels[pageNext + i] == maxDefinition;
                    while (i < n && (levels[pageNext + i] == maxDefinition) == present) {
                        i++;
                    }
                    if (present) {
                        values.put(vector, row + start, i - start);
                        VectorWrites.setValid(validity, row + start, i - start);
                    } else if (var != null) {
                        VectorWrites.empty(var, row + start, i - start);
                    }
                }
            }
            row += n;
            pageNext += n;
        }
        if (var != null) {
            var.setLastSet(rows - 1);
        }
        vector.setValueCount(rows);
    }

    /** Decodes the next data page's levels and readies its values. */
    private void nextPage() {
        DataPage page = pages.readPage();
        if (page == null) {
            throw new IllegalStateException("column chunk ends before the row group's last row");
        }
        int count = page.getValueCount();
        if (count < 0) {
            throw new IllegalStateException("page of " + count + " values");
        }
        ByteBuffer data;
        Encoding encoding;
        if (page instanceof DataPageV1 v1) {
            data = buffer(v1.getBytes());
            encoding = v1.getValueEncoding();
            if (maxDefinition > 0) {
                data.position(data.position() + v1Levels(v1.getDlEncoding(), data, count));
            }
        } else {
            DataPageV2 v2 = (DataPageV2) page;
            encoding = v2.getDataEncoding();
            if (maxDefinition > 0) {
                decodeLevels(buffer(v2.getDefinitionLevels()), count);
            }
            data = buffer(v2.getData());
        }
        int present = count;
        if (maxDefinition > 0) {
            present = 0;
            for (int i = 0; i < count; i++) {
                if (levels[i] == maxDefinition) {
                    present++;
                }
            }
        }
        byte[] bytes = data.array();
        int pos = data.arrayOffset() + data.position();
        int end = pos + data.remaining();
        values = values(encoding, bytes, pos, end, present);
        pageSize = count;
        pageNext = 0;
    }

    private PageValues values(Encoding encoding, byte[] bytes, int pos, int end, int present) {
        switch (encoding) {
            case PLAIN:
                return new PlainValues(column, bytes, pos, end);
            case PLAIN_DICTIONARY:
            case RLE_DICTIONARY:
                {
                    if (dictionary == null) {
                        DictionaryPage page = pages.readDictionaryPage();
                        if (page == null) {
                            throw new IllegalStateException(
                                    "dictionary-encoded page without a dictionary page");
                        }
                        dictionary = DictionaryValues.read(column, page, allocator);
                    }
                    if (present > 0) {
                        if (pos >= end) {
                            throw new IllegalStateException("dictionary page data is empty");
                        }
                        decodeIds(bytes, pos + 1, end, bytes[pos] & 0xff, present);
                    }
                    return dictionary.page(ids, present);
                }
            case RLE:
                if (column.kind() == ParquetColumn.Kind.BOOLEAN) {
                    // RLE booleans: a 4-byte length, then the hybrid encoding at bit width 1
                    if (present > 0) {
                        decodeIds(bytes, pos + Integer.BYTES, end, 1, present);
                    }
                    int[] bits = ids;
                    int[] next = {0};
                    return (v, row, n) -> {
                        ArrowBuf out = v.getDataBuffer();
                        for (int i = 0; i < n; i++) {
                            if (bits[next[0] + i] != 0) {
                                VectorWrites.setBit(out, row + i);
                            }
                        }
                        next[0] += n;
                    };
                }
            // fall through: RLE values of another type are not valid Parquet
            default:
                throw new IllegalStateException(
                        "page values in "
                                + encoding
                                + " encoding, which the column chunk's"
                                + " metadata does not list");
        }
    }

    /**
     * Decodes the definition levels at the start of a v1 page's {@code data}: RLE (a 4-byte length
     * first) or the deprecated BIT_PACKED; returns their size in bytes.
     */
    private int v1Levels(Encoding encoding, ByteBuffer data, int count) {
        int width = HybridDecoder.bitWidth(maxDefinition);
        if (encoding == Encoding.BIT_PACKED) {
            int length = (int) (((long) count * width + 7) / 8);
            if (length > data.remaining()) {
                throw new IllegalStateException(
                        "definition levels of " + length + " bytes exceed the page");
            }
            ensureLevels(count);
            HybridDecoder.decodeBigEndianPacked(
                    data.array(), data.arrayOffset() + data.position(), width, levels, count);
            return length;
        }
        if (encoding != Encoding.RLE) {
            throw new IllegalStateException("definition levels in " + encoding + " encoding");
        }
        if (data.remaining() < Integer.BYTES) {
            throw new IllegalStateException("page too short for its definition levels");
        }
        int length = data.order(ByteOrder.LITTLE_ENDIAN).getInt(data.position());
        if (length < 0 || length > data.remaining() - Integer.BYTES) {
            throw new IllegalStateException(
                    "definition levels of " + length + " bytes exceed the page");
        }
        ByteBuffer levelBytes = data.slice().position(Integer.BYTES).limit(Integer.BYTES + length);
        decodeLevels(levelBytes.slice(), count);
        return Integer.BYTES + length;
    }

    private void ensureLevels(int count) {
        if (levels.length < count + HybridDecoder.SLACK) {
            levels = new int[count + HybridDecoder.SLACK];
        }
    }

    private void decodeLevels(ByteBuffer bytes, int count) {
        ensureLevels(count);
        int pos = bytes.arrayOffset() + bytes.position();
        HybridDecoder.decode(
                bytes.array(),
                pos,
                pos + bytes.remaining(),
                HybridDecoder.bitWidth(maxDefinition),
                levels,
                count);
    }

    private void decodeIds(byte[] bytes, int pos, int end, int bitWidth, int count) {
        if (ids.length < count + HybridDecoder.SLACK) {
            ids = new int[count + HybridDecoder.SLACK];
        }
        HybridDecoder.decode(bytes, pos, end, bitWidth, ids, count);
    }

    private static ByteBuffer buffer(BytesInput bytes) {
        try {
            ByteBuffer buffer = bytes.toByteBuffer();
            return buffer.hasArray() ? buffer : ByteBuffer.wrap(bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
