package io.tally.schema;

import io.tally.batch.CodedBatch;
import io.tally.batch.ColumnCodes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Gives the table cache's VARCHAR columns with few distinct values dictionary codes ({@link
 * ColumnCodes}): one dictionary per column over all of the file's batches, codes in order of first
 * appearance, so the aggregate can group such a column by code instead of by its bytes. The vectors
 * keep their bytes (every other reader is unchanged); the codes are extra memory in the cache's
 * allocator (1, 2 or 4 bytes a row), counted with the cached batches.
 */
final class DictionaryEncoder {
    /**
     * Most distinct values a column may have to get codes: the aggregate's direct index over codes
     * takes 4 bytes per code (4 MiB at this bound), and h2o's id3 has 10^6 values at 10^8 rows.
     */
    static final int MAX_VALUES = 1 << 20;

    /**
     * Fewest rows per distinct value for a column to get codes: with fewer, most values are seen
     * once or twice and grouping by code saves little next to the memory the codes take.
     */
    static final int MIN_ROWS_PER_VALUE = 8;

    private DictionaryEncoder() {}

    /**
     * {@code batches} with codes for every VARCHAR column within the bounds: new {@link CodedBatch}
     * roots over the same vectors (the old roots are left without owning anything extra), or {@code
     * batches} itself when no column qualifies. Code buffers come from {@code allocator}; {@link
     * #free} releases them.
     */
    static List<VectorSchemaRoot> encode(
            List<VectorSchemaRoot> batches, BufferAllocator allocator) {
        if (batches.isEmpty()) {
            return batches;
        }
        int columns = batches.get(0).getFieldVectors().size();
        ColumnCodes[][] codes = new ColumnCodes[batches.size()][columns];
        boolean any = false;
        try {
            for (int c = 0; c < columns; c++) {
                any |= encodeColumn(batches, c, allocator, codes);
            }
        } catch (RuntimeException | Error e) {
            freeAll(codes);
            throw e;
        }
        if (!any) {
            return batches;
        }
        List<VectorSchemaRoot> out = new ArrayList<>(batches.size());
        for (int b = 0; b < batches.size(); b++) {
            VectorSchemaRoot batch = batches.get(b);
            out.add(
                    new CodedBatch(
                            batch.getSchema().getFields(),
                            batch.getFieldVectors(),
                            batch.getRowCount(),
                            codes[b]));
        }
        return out;
    }

    /** Frees the code buffers of {@code batches} (built by {@link #encode}). */
    static void free(List<VectorSchemaRoot> batches) {
        for (VectorSchemaRoot batch : batches) {
            for (int c = 0; c < batch.getFieldVectors().size(); c++) {
                ColumnCodes codes = CodedBatch.codes(batch, c);
                if (codes != null) {
                    codes.buffer().close();
                }
            }
        }
    }

    private static void freeAll(ColumnCodes[][] codes) {
        for (ColumnCodes[] batch : codes) {
            for (int c = 0; c < batch.length; c++) {
                if (batch[c] != null) {
                    batch[c].buffer().close();
                    batch[c] = null;
                }
            }
        }
    }

    /**
     * Codes column {@code c} of every batch into {@code out[b][c]} if it is VARCHAR within the
     * bounds; returns whether it did (else nothing of it stays allocated).
     */
    private static boolean encodeColumn(
            List<VectorSchemaRoot> batches, int c, BufferAllocator allocator, ColumnCodes[][] out) {
        long rows = 0;
        for (VectorSchemaRoot batch : batches) {
            if (!(batch.getVector(c) instanceof VarCharVector)) {
                return false;
            }
            rows += batch.getRowCount();
        }
        ValueCodes values = new ValueCodes();
        try (CodeBuffers codes = new CodeBuffers(batches.size(), allocator)) {
            for (int b = 0; b < batches.size(); b++) {
                if (!codes.code(b, (VarCharVector) batches.get(b).getVector(c), values)) {
                    return false;
                }
            }
            if (values.size() == 0 || rows / values.size() < MIN_ROWS_PER_VALUE) {
                return false;
            }
            ColumnCodes.Dictionary dictionary = new ColumnCodes.Dictionary(values.size());
            for (int b = 0; b < batches.size(); b++) {
                out[b][c] = new ColumnCodes(codes.take(b), dictionary);
            }
        } catch (RuntimeException | Error e) {
            for (ColumnCodes[] batch : out) {
                if (batch[c] != null) {
                    batch[c].buffer().close();
                    batch[c] = null;
                }
            }
            throw e;
        }
        return true;
    }

    /**
     * One column's codes while it is being encoded: per batch an off-heap buffer of one code per
     * row at the width the dictionary needs so far (layout: {@link ColumnCodes}; NULL rows 0), so
     * encoding holds no per-row array on the heap. When the dictionary passes 2^8 or 2^16 values
     * every buffer written so far is copied to the wider width (at most twice per column, since
     * codes are given in order of first appearance). Closing frees the buffers not taken.
     */
    private static final class CodeBuffers implements AutoCloseable {
        private final ArrowBuf[] buffers;
        private final int[] rows;
        private final BufferAllocator allocator;
        private int width = 1;

        CodeBuffers(int batches, BufferAllocator allocator) {
            this.buffers = new ArrowBuf[batches];
            this.rows = new int[batches];
            this.allocator = allocator;
        }

        /**
         * Codes batch {@code b}'s rows of {@code v}; false once the column passes {@link
         * #MAX_VALUES}.
         */
        boolean code(int b, VarCharVector v, ValueCodes values) {
            int n = v.getValueCount();
            rows[b] = n;
            buffers[b] = allocator.buffer(Math.max(1, (long) n * width));
            long data = v.getDataBuffer().memoryAddress();
            long offsets = v.getOffsetBuffer().memoryAddress();
            long base = buffers[b].memoryAddress();
            for (int i = 0; i < n; i++) {
                int code = 0;
                if (!v.isNull(i)) {
                    int start = MemoryUtil.getInt(offsets + 4L * i);
                    int len = MemoryUtil.getInt(offsets + 4L * i + 4) - start;
                    code = values.codeOf(data + start, len);
                    if (code < 0) {
                        return false;
                    }
                    if (ColumnCodes.widthFor(code + 1) > width) {
                        widen(b, ColumnCodes.widthFor(code + 1));
                        base = buffers[b].memoryAddress();
                    }
                }
                put(base, i, width, code);
            }
            return true;
        }

        /** Copies batches 0 to {@code last} to {@code wider} bytes a code. */
        private void widen(int last, int wider) {
            for (int b = 0; b <= last; b++) {
                ArrowBuf next = allocator.buffer(Math.max(1, (long) rows[b] * wider));
                long from = buffers[b].memoryAddress();
                long to = next.memoryAddress();
                for (int i = 0; i < rows[b]; i++) {
                    put(to, i, wider, get(from, i, width));
                }
                buffers[b].close();
                buffers[b] = next;
            }
            width = wider;
        }

        /** Batch {@code b}'s buffer, now owned by the caller. */
        ArrowBuf take(int b) {
            ArrowBuf buf = buffers[b];
            buffers[b] = null;
            return buf;
        }

        @Override
        public void close() {
            for (int b = 0; b < buffers.length; b++) {
                if (buffers[b] != null) {
                    buffers[b].close();
                    buffers[b] = null;
                }
            }
        }

        private static void put(long base, int i, int width, int code) {
            switch (width) {
                case 1 -> MemoryUtil.putByte(base + i, (byte) code);
                case 2 -> MemoryUtil.putShort(base + 2L * i, (short) code);
                default -> MemoryUtil.putInt(base + 4L * i, code);
            }
        }

        private static int get(long base, int i, int width) {
            return switch (width) {
                case 1 -> MemoryUtil.getByte(base + i) & 0xFF;
                case 2 -> MemoryUtil.getShort(base + 2L * i) & 0xFFFF;
                default -> MemoryUtil.getInt(base + 4L * i);
            };
        }
    }

    /**
     * The distinct values seen so far, each with its code: open addressing over {@code slots} (code
     * + 1, 0 empty, load at most 1/2), the values' bytes appended to one on-heap region.
     */
    private static final class ValueCodes {
        private int[] slots = new int[1024];
        private int[] hashes = new int[256];

        /** Per code: the value's first 8 bytes ({@link #head}), compared before anything else. */
        private long[] heads = new long[256];

        private int[] starts = new int[256];
        private int[] lengths = new int[256];
        private byte[] region = new byte[4096];
        private int regionUsed;
        private int size;

        int size() {
            return size;
        }

        /** The code of the {@code len} bytes at {@code address}; -1 if a new one is over bound. */
        private int codeOf(long address, int len) {
            long head = head(address, len);
            int h = hash(head, address, len);
            int mask = slots.length - 1;
            int pos = h & mask;
            while (true) {
                int slot = slots[pos];
                if (slot == 0) {
                    if (size == MAX_VALUES) {
                        return -1;
                    }
                    int code = add(address, len, h, head);
                    slots[pos] = code + 1;
                    if (size * 2 > slots.length) {
                        rehash();
                    }
                    return code;
                }
                int code = slot - 1;
                if (heads[code] == head
                        && lengths[code] == len
                        && (len <= Long.BYTES || equalTail(code, address, len))) {
                    return code;
                }
                pos = (pos + 1) & mask;
            }
        }

        private int add(long address, int len, int h, long head) {
            if (size == hashes.length) {
                hashes = Arrays.copyOf(hashes, size * 2);
                heads = Arrays.copyOf(heads, size * 2);
                starts = Arrays.copyOf(starts, size * 2);
                lengths = Arrays.copyOf(lengths, size * 2);
            }
            if (region.length - regionUsed < len) {
                region = Arrays.copyOf(region, Math.max(region.length * 2, regionUsed + len));
            }
            MemoryUtil.copyFromMemory(address, region, regionUsed, len);
            hashes[size] = h;
            heads[size] = head;
            starts[size] = regionUsed;
            lengths[size] = len;
            regionUsed += len;
            return size++;
        }

        /** Whether bytes 8 and on of value {@code code} equal those at {@code address}. */
        private boolean equalTail(int code, long address, int len) {
            int start = starts[code];
            for (int i = Long.BYTES; i < len; i++) {
                if (region[start + i] != MemoryUtil.getByte(address + i)) {
                    return false;
                }
            }
            return true;
        }

        /** The first {@code min(len, 8)} bytes as a little-endian word (zero-padded). */
        private static long head(long address, int len) {
            if (len >= Long.BYTES) {
                return MemoryUtil.getLong(address);
            }
            long w = 0;
            for (int i = 0; i < len; i++) {
                w |= (MemoryUtil.getByte(address + i) & 0xFFL) << (8 * i);
            }
            return w;
        }

        private void rehash() {
            int[] grown = new int[slots.length * 2];
            int mask = grown.length - 1;
            for (int code = 0; code < size; code++) {
                int pos = hashes[code] & mask;
                while (grown[pos] != 0) {
                    pos = (pos + 1) & mask;
                }
                grown[pos] = code + 1;
            }
            slots = grown;
        }

        /** A 32-bit hash of the head word, the rest of the bytes and the length, then a mix. */
        private static int hash(long head, long address, int len) {
            long h = (0x9E3779B97F4A7C15L ^ len ^ head) * 0xBF58476D1CE4E5B9L;
            for (int i = Long.BYTES; i < len; i++) {
                h = (h ^ MemoryUtil.getByte(address + i)) * 0x94D049BB133111EBL;
            }
            h ^= h >>> 29;
            h *= 0xBF58476D1CE4E5B9L;
            return (int) (h ^ (h >>> 32));
        }
    }
}
