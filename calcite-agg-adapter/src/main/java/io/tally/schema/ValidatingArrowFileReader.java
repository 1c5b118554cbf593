package io.tally.schema;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.flatbuf.Block;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.Footer;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.SeekableReadChannel;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow's file reader for files Tally did not write: before anything is allocated or loaded it
 * checks what the file says about itself, and every failure is a {@link DataFileException} naming
 * the file and the record batch.
 *
 * <ul>
 *   <li>Start: the magic, and the schema message there equal to the footer's schema (the file
 *       format stores the schema twice, which catches a corrupt copy).
 *   <li>Every block (dictionary or record batch): inside the file before the footer, metadata of at
 *       least a prefix, the message's own body length equal to the footer's, every buffer inside
 *       the body and after the previous one.
 *   <li>Every batch: {@link ArrowBatchCheck} (nodes, lengths, null counts, offsets, dictionary
 *       indices; compressed bodies decompressed with bounded sizes).
 * </ul>
 *
 * <p>Dictionaries are read and checked while the schema is read, before Arrow creates any vector,
 * so a bad dictionary cannot leave half-initialized vectors behind.
 */
final class ValidatingArrowFileReader extends ArrowFileReader {
    /** "ARROW1" and two bytes of padding open the file. */
    private static final int START_BYTES = 8;

    /** The footer length (int32) and the closing magic end the file. */
    private static final int END_BYTES = 10;

    private static final byte[] MAGIC = {'A', 'R', 'R', 'O', 'W', '1'};

    private final Path file;
    private final SeekableReadChannel in;
    private final BufferAllocator allocator;
    private final List<ArrowDictionaryBatch> dictionaryBatches = new ArrayList<>();
    private final Map<Long, Integer> dictionarySizes = new HashMap<>();
    private List<Field> fields;
    private long footerStart;
    private int nextDictionary;
    private int nextBatch;

    private ValidatingArrowFileReader(
            Path file, SeekableReadChannel in, BufferAllocator allocator) {
        super(in, allocator, CommonsCompressionFactory.INSTANCE);
        this.file = file;
        this.in = in;
        this.allocator = allocator;
    }

    /** Opens {@code file}; reading starts on first use. */
    static ValidatingArrowFileReader open(Path file, BufferAllocator allocator) {
        try {
            return new ValidatingArrowFileReader(
                    file,
                    new SeekableReadChannel(FileChannel.open(file, StandardOpenOption.READ)),
                    allocator);
        } catch (IOException e) {
            throw new DataFileException(
                    file + ": cannot open Arrow IPC file: " + e.getMessage(), e);
        }
    }

    @Override
    protected Schema readSchema() throws IOException {
        Schema footerSchema;
        try {
            footerSchema = super.readSchema();
        } catch (IOException | RuntimeException e) {
            throw corrupt("footer", e);
        }
        if (fields == null) {
            fields = footerSchema.getFields();
            try {
                checkStart(footerSchema);
                readDictionaries();
            } catch (RuntimeException e) {
                dictionaryBatches.forEach(ArrowDictionaryBatch::close);
                dictionaryBatches.clear();
                throw e instanceof DataFileException ? e : corrupt("schema", e);
            }
        }
        return footerSchema;
    }

    /** The magic at the start and the schema message after it, which must equal the footer's. */
    private void checkStart(Schema footerSchema) throws IOException {
        long size = in.size();
        footerStart = size - END_BYTES - readInt(size - END_BYTES);
        ByteBuffer start = read(0, START_BYTES);
        for (int i = 0; i < MAGIC.length; i++) {
            if (start.get(i) != MAGIC[i]) {
                throw new DataFileException(
                        file + ": not an Arrow IPC file (no ARROW1 magic at its" + " start)");
            }
        }
        Message message = message(START_BYTES, footerStart - START_BYTES, "schema");
        if (message.headerType() != MessageHeader.Schema
                || !MessageSerializer.deserializeSchema(message).equals(footerSchema)) {
            throw new DataFileException(
                    file
                            + ": corrupt Arrow IPC file: the schema at its start"
                            + " differs from the schema in its footer");
        }
    }

    /** Reads, checks and keeps every dictionary batch, and notes each dictionary's size. */
    private void readDictionaries() throws IOException {
        Map<Long, Field> byId = new HashMap<>();
        collectDictionaries(fields, byId);
        List<ArrowBlock> blocks = footerDictionaryBlocks();
        for (int i = 0; i < blocks.size(); i++) {
            String where = "dictionary batch " + i;
            Message message = message(blocks.get(i), where);
            if (message.headerType() != MessageHeader.DictionaryBatch) {
                throw new DataFileException(file + ": " + where + " is not a dictionary batch");
            }
            DictionaryBatch header = (DictionaryBatch) message.header(new DictionaryBatch());
            Field values = byId.get(header.id());
            if (header.isDelta() || dictionarySizes.containsKey(header.id())) {
                throw new DataFileException(
                        file
                                + ": "
                                + where
                                + " adds to dictionary "
                                + header.id()
                                + " (delta and replacement dictionaries are not supported)");
            }
            if (values == null || header.data() == null) {
                throw new DataFileException(
                        file
                                + ": "
                                + where
                                + " has dictionary id "
                                + header.id()
                                + ", which no column uses");
            }
            Field plain =
                    new Field(
                            values.getName(),
                            new FieldType(true, values.getType(), null),
                            values.getChildren());
            ArrowRecordBatch data = body(blocks.get(i), header.data(), List.of(plain), where);
            dictionaryBatches.add(new ArrowDictionaryBatch(header.id(), data, header.isDelta()));
            dictionarySizes.merge(header.id(), data.getLength(), Integer::sum);
        }
        for (long id : byId.keySet()) {
            if (!dictionarySizes.containsKey(id)) {
                throw new DataFileException(
                        file + ": corrupt Arrow IPC file: dictionary " + id + " is missing");
            }
        }
    }

    /**
     * The dictionary blocks, read from the footer here: Arrow's list needs an initialized reader.
     */
    private List<ArrowBlock> footerDictionaryBlocks() throws IOException {
        int length = (int) (in.size() - END_BYTES - footerStart);
        Footer footer = Footer.getRootAsFooter(read(footerStart, length));
        List<ArrowBlock> blocks = new ArrayList<>(footer.dictionariesLength());
        for (int i = 0; i < footer.dictionariesLength(); i++) {
            Block b = footer.dictionaries(i);
            blocks.add(new ArrowBlock(b.offset(), b.metaDataLength(), b.bodyLength()));
        }
        return blocks;
    }

    private static void collectDictionaries(List<Field> fields, Map<Long, Field> out) {
        for (Field f : fields) {
            if (f.getDictionary() != null) {
                out.put(f.getDictionary().getId(), f);
            }
            collectDictionaries(f.getChildren(), out);
        }
    }

    @Override
    public ArrowDictionaryBatch readDictionary() throws IOException {
        if (nextDictionary >= dictionaryBatches.size()) {
            throw new DataFileException(
                    file
                            + ": corrupt Arrow IPC file: the schema has more"
                            + " dictionaries than the footer lists");
        }
        ArrowDictionaryBatch batch = dictionaryBatches.get(nextDictionary);
        dictionaryBatches.set(nextDictionary++, null);
        return batch;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        prepareLoadNextBatch();
        List<ArrowBlock> blocks = getRecordBlocks();
        if (nextBatch >= blocks.size()) {
            return false;
        }
        int index = nextBatch++;
        String where = "record batch " + index;
        Message message = message(blocks.get(index), where);
        if (message.headerType() != MessageHeader.RecordBatch) {
            throw new DataFileException(file + ": " + where + " is not a record batch");
        }
        ArrowRecordBatch batch =
                body(
                        blocks.get(index),
                        (RecordBatch) message.header(new RecordBatch()),
                        fields,
                        where);
        try {
            loadRecordBatch(batch);
        } catch (RuntimeException e) {
            throw corrupt(where, e);
        }
        return true;
    }

    @Override
    public boolean loadRecordBatch(ArrowBlock block) throws IOException {
        int index = getRecordBlocks().indexOf(block);
        if (index < 0) {
            throw new IllegalArgumentException("not a record batch of " + file + ": " + block);
        }
        nextBatch = index;
        return loadNextBatch();
    }

    /** The row count of every record batch, from the message headers only. */
    long[] batchRowCounts() throws IOException {
        ensureInitialized();
        List<ArrowBlock> blocks = getRecordBlocks();
        long[] rows = new long[blocks.size()];
        for (int i = 0; i < rows.length; i++) {
            String where = "record batch " + i;
            Message message = message(blocks.get(i), where);
            if (message.headerType() != MessageHeader.RecordBatch) {
                throw new DataFileException(file + ": " + where + " is not a record batch");
            }
            rows[i] = ((RecordBatch) message.header(new RecordBatch())).length();
            if (rows[i] < 0 || rows[i] > Integer.MAX_VALUE) {
                throw new DataFileException(file + ": " + where + " has " + rows[i] + " rows");
            }
        }
        return rows;
    }

    /** The message (metadata only) of {@code block}, after checking the block lies in the file. */
    private Message message(ArrowBlock block, String where) throws IOException {
        long end = block.getOffset() + block.getMetadataLength() + block.getBodyLength();
        if (block.getOffset() < START_BYTES
                || block.getMetadataLength() < Long.BYTES
                || block.getBodyLength() < 0
                || end > footerStart
                || end < block.getOffset()) {
            throw new DataFileException(
                    file
                            + ": "
                            + where
                            + " (at byte "
                            + block.getOffset()
                            + ", "
                            + block.getMetadataLength()
                            + " + "
                            + block.getBodyLength()
                            + " bytes) lies outside the file's data ("
                            + footerStart
                            + " bytes)");
        }
        Message message = message(block.getOffset(), block.getMetadataLength(), where);
        if (message.bodyLength() != block.getBodyLength()) {
            throw new DataFileException(
                    file
                            + ": "
                            + where
                            + " says its body has "
                            + message.bodyLength()
                            + " bytes, the footer "
                            + block.getBodyLength());
        }
        return message;
    }

    /** Reads the message whose length prefix is at {@code at}, within {@code room} bytes. */
    private Message message(long at, long room, String where) throws IOException {
        try {
            int prefix = readInt(at) == MessageSerializer.IPC_CONTINUATION_TOKEN ? 8 : 4;
            int length = readInt(at + prefix - 4);
            if (length <= 0 || prefix + length > room) {
                throw new DataFileException(
                        file
                                + ": "
                                + where
                                + " has a message of "
                                + length
                                + " bytes in a block of "
                                + room);
            }
            return Message.getRootAsMessage(read(at + prefix, length));
        } catch (RuntimeException e) {
            throw e instanceof DataFileException ? e : corrupt(where, e);
        }
    }

    /** Reads {@code block}'s body as the batch {@code header} describes, checked. */
    private ArrowRecordBatch body(
            ArrowBlock block, RecordBatch header, List<Field> columns, String where)
            throws IOException {
        long bodyLength = block.getBodyLength();
        long previousEnd = 0;
        for (int i = 0; i < header.buffersLength(); i++) {
            Buffer b = header.buffers(i);
            if (b.offset() < previousEnd
                    || b.length() < 0
                    || b.offset() + b.length() > bodyLength) {
                throw new DataFileException(
                        file
                                + ": "
                                + where
                                + ": buffer "
                                + i
                                + " (at "
                                + b.offset()
                                + ", "
                                + b.length()
                                + " bytes) overlaps another or lies outside the body of "
                                + bodyLength
                                + " bytes");
            }
            previousEnd = b.offset() + b.length();
        }
        for (int i = 0; i < header.nodesLength(); i++) {
            FieldNode node = header.nodes(i);
            if (node.length() < 0 || node.length() > Integer.MAX_VALUE || node.nullCount() < 0) {
                throw new DataFileException(
                        file
                                + ": "
                                + where
                                + ": field node "
                                + i
                                + " has "
                                + node.length()
                                + " rows and "
                                + node.nullCount()
                                + " nulls");
            }
        }
        ArrowBuf body = allocator.buffer(bodyLength);
        ArrowRecordBatch batch;
        try {
            in.setPosition(block.getOffset() + block.getMetadataLength());
            if (in.readFully(body, bodyLength) != bodyLength) {
                throw new DataFileException(file + ": " + where + " is cut short");
            }
            batch = MessageSerializer.deserializeRecordBatch(header, body); // takes over the body
            body = null;
        } catch (IOException | RuntimeException e) {
            throw corrupt(where, e);
        } finally {
            if (body != null) {
                body.close();
            }
        }
        try {
            return ArrowBatchCheck.check(batch, columns, allocator, dictionarySizes);
        } catch (RuntimeException e) {
            throw corrupt(where, e);
        }
    }

    private int readInt(long at) throws IOException {
        return read(at, Integer.BYTES).getInt(0);
    }

    private ByteBuffer read(long at, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        in.setPosition(at);
        if (at < 0 || in.readFully(buffer) != length) {
            throw new IOException("unexpected end of file at byte " + at);
        }
        buffer.flip();
        return buffer;
    }

    private DataFileException corrupt(String where, Throwable e) {
        if (e instanceof DataFileException d) {
            return d;
        }
        String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new DataFileException(
                file
                        + ": corrupt or truncated Arrow IPC file: "
                        + where
                        + ": "
                        + what.replace('\n', ' '),
                e);
    }

    @Override
    public void close(boolean closeReadSource) throws IOException {
        for (ArrowDictionaryBatch b : dictionaryBatches) {
            if (b != null) {
                b.close();
            }
        }
        dictionaryBatches.clear();
        super.close(closeReadSource);
    }
}
