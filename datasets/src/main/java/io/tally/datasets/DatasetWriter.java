package io.tally.datasets;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPOutputStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Streams a {@link Dataset}'s batches into one file: opens the generator, reuses one batch root,
 * and writes to {@code <name>.partial} beside the target, moving it into place only when complete
 * (a failed run never leaves a truncated table behind).
 */
public final class DatasetWriter {
    /** Suffix of the in-progress file. */
    static final String PARTIAL_SUFFIX = ".partial";

    /** Gzip and file buffer size in bytes. */
    private static final int BUFFER_BYTES = 1 << 16;

    private DatasetWriter() {}

    /**
     * Writes {@code dataset} to {@code path} with a private allocator that must end with zero bytes
     * outstanding.
     */
    public static long write(Dataset dataset, Path path, FileFormat format) throws IOException {
        try (RootAllocator allocator = new RootAllocator()) {
            long rows = write(dataset, path, format, allocator);
            long leaked = allocator.getAllocatedMemory();
            if (leaked != 0) {
                throw new IllegalStateException(
                        "writing " + path + " leaked " + leaked + " bytes of Arrow memory");
            }
            return rows;
        }
    }

    /**
     * Writes {@code dataset} to {@code path}, allocating from {@code allocator}; returns rows
     * written.
     */
    public static long write(
            Dataset dataset, Path path, FileFormat format, BufferAllocator allocator)
            throws IOException {
        Path absolute = path.toAbsolutePath();
        if (absolute.getParent() != null) {
            Files.createDirectories(absolute.getParent());
        }
        Path partial = absolute.resolveSibling(absolute.getFileName() + PARTIAL_SUFFIX);
        boolean done = false;
        try {
            long rows = writeFile(dataset, partial, format, gzipped(absolute), allocator);
            Files.move(
                    partial,
                    absolute,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            done = true;
            return rows;
        } finally {
            if (!done) {
                Files.deleteIfExists(partial);
            }
        }
    }

    private static boolean gzipped(Path path) {
        return path.getFileName().toString().endsWith(".gz");
    }

    private static long writeFile(
            Dataset dataset, Path file, FileFormat format, boolean gzip, BufferAllocator parent)
            throws IOException {
        try (BufferAllocator allocator =
                        parent.newChildAllocator("gen-" + dataset.tableName(), 0, Long.MAX_VALUE);
                BatchGenerator generator = dataset.open(allocator);
                VectorSchemaRoot root = VectorSchemaRoot.create(dataset.schema(), allocator);
                FileChannel channel =
                        FileChannel.open(
                                file,
                                StandardOpenOption.CREATE,
                                StandardOpenOption.TRUNCATE_EXISTING,
                                StandardOpenOption.WRITE);
                BatchSink sink = openSink(format, gzip, root, generator, channel)) {
            long rows = 0;
            for (FieldVector vector : root.getFieldVectors()) {
                vector.setInitialCapacity(BatchGenerator.BATCH_ROWS);
            }
            root.allocateNew();
            while (generator.fill(root)) {
                sink.write(root);
                rows += root.getRowCount();
                resetValues(root);
            }
            sink.finish();
            return rows;
        }
    }

    private static BatchSink openSink(
            FileFormat format,
            boolean gzip,
            VectorSchemaRoot root,
            BatchGenerator generator,
            FileChannel channel)
            throws IOException {
        if (format == FileFormat.ARROW) {
            if (gzip) {
                throw new IllegalArgumentException(
                        "Arrow files cannot be gzipped; use a .arrow path");
            }
            return new ArrowFileSink(root, generator.dictionaries(), channel);
        }
        OutputStream out =
                new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER_BYTES);
        if (gzip) {
            out = new GZIPOutputStream(out, BUFFER_BYTES);
        }
        return new CsvSink(root.getSchema(), generator.dictionaries(), out);
    }

    /** Clears values but keeps buffers, so the next batch reuses the same memory. */
    private static void resetValues(VectorSchemaRoot root) {
        for (FieldVector vector : root.getFieldVectors()) {
            vector.reset();
        }
        root.setRowCount(0);
    }
}
