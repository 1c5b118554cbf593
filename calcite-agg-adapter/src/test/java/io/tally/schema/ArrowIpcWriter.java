package io.tally.schema;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes a test Arrow IPC file whose schema has one dictionary of strings (column values are 32-bit
 * indexes into it), a record batch at a time, uncompressed or LZ4-compressed.
 */
public final class ArrowIpcWriter {
    /** Fills {@code root} with rows {@code first .. first + rows - 1} and sets its row count. */
    public interface BatchFill {
        void fill(VectorSchemaRoot root, int first, int rows);
    }

    private ArrowIpcWriter() {}

    /** A nullable column of 32-bit indexes into the string dictionary {@code dictionaryId}. */
    public static Field dictionaryField(String name, long dictionaryId) {
        return new Field(name, new FieldType(true, index(), encoding(dictionaryId)), null);
    }

    /**
     * Writes {@code file} (replacing it): {@code dictionary} as dictionary {@code dictionaryId},
     * then one batch per entry of {@code batchRows}, filled by {@code fill}; returns the row count.
     */
    public static int write(
            Path file,
            Schema schema,
            long dictionaryId,
            String[] dictionary,
            boolean lz4,
            int[] batchRows,
            BatchFill fill)
            throws IOException {
        try (BufferAllocator allocator = new RootAllocator();
                VarCharVector values = new VarCharVector("dictionary", allocator);
                VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                FileChannel channel =
                        FileChannel.open(
                                file,
                                StandardOpenOption.CREATE,
                                StandardOpenOption.WRITE,
                                StandardOpenOption.TRUNCATE_EXISTING)) {
            values.allocateNew();
            for (int i = 0; i < dictionary.length; i++) {
                values.setSafe(i, dictionary[i].getBytes(StandardCharsets.UTF_8));
            }
            values.setValueCount(dictionary.length);
            DictionaryProvider.MapDictionaryProvider provider =
                    new DictionaryProvider.MapDictionaryProvider();
            provider.put(new Dictionary(values, encoding(dictionaryId)));
            int first = 0;
            try (ArrowFileWriter writer = writer(root, provider, channel, lz4)) {
                writer.start();
                for (int rows : batchRows) {
                    fill.fill(root, first, rows);
                    writer.writeBatch();
                    first += rows;
                }
                writer.end();
            }
            return first;
        }
    }

    private static ArrowFileWriter writer(
            VectorSchemaRoot root, DictionaryProvider provider, FileChannel channel, boolean lz4) {
        if (!lz4) {
            return new ArrowFileWriter(root, provider, channel);
        }
        return new ArrowFileWriter(
                root,
                provider,
                channel,
                Map.of(),
                IpcOption.DEFAULT,
                CommonsCompressionFactory.INSTANCE,
                CompressionUtil.CodecType.LZ4_FRAME);
    }

    private static ArrowType.Int index() {
        return new ArrowType.Int(32, true);
    }

    private static DictionaryEncoding encoding(long dictionaryId) {
        return new DictionaryEncoding(dictionaryId, false, index());
    }
}
