package io.tally.schema;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BufferLayout;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Checks one record batch of an untrusted Arrow IPC file against the file's schema before Arrow
 * loads it, so that nothing read later by address can point outside its buffer: one field node and
 * the layout's buffers per column (children after their parent), every top-level column as long as
 * the batch, null counts within the length and equal to the zero bits of the validity bitmap,
 * offsets from zero or more and non-decreasing, fixed-width and string data as large as the row
 * count and the last offset need, list children as long as the last list offset, and dictionary
 * indices within their dictionary.
 *
 * <p>A compressed body is decompressed here, buffer by buffer, after checking each buffer's
 * declared uncompressed size against what its layout needs (rounded up to {@link #PADDING}), so a
 * corrupt size cannot make the reader allocate more than the batch can use; the batch handed to
 * Arrow is then uncompressed. Every failure is an {@link IllegalArgumentException} naming the
 * column; the file reader adds the file and batch.
 */
final class ArrowBatchCheck {
    /** Writers pad buffers to multiples of this many bytes (Arrow's recommended alignment). */
    static final int PADDING = 64;

    private final Iterator<ArrowFieldNode> nodes;
    private final List<ArrowBuf> in;
    private final List<ArrowBuf> out = new ArrayList<>();
    private final CompressionCodec codec;
    private final BufferAllocator allocator;
    private final Map<Long, Integer> dictionarySizes;
    private int nextBuffer;

    private ArrowBatchCheck(
            ArrowRecordBatch batch, BufferAllocator allocator, Map<Long, Integer> dictionarySizes) {
        this.nodes = batch.getNodes().iterator();
        this.in = batch.getBuffers();
        this.allocator = allocator;
        this.dictionarySizes = dictionarySizes;
        CompressionUtil.CodecType type =
                CompressionUtil.CodecType.fromCompressionType(
                        batch.getBodyCompression().getCodec());
        this.codec =
                type == CompressionUtil.CodecType.NO_COMPRESSION
                        ? null
                        : CommonsCompressionFactory.INSTANCE.createCodec(type);
    }

    /**
     * Checks {@code batch} (of columns {@code fields}) and returns the batch to load: the same one,
     * or an uncompressed copy of a compressed one (then {@code batch} is closed). On failure the
     * batch is closed and an {@link IllegalArgumentException} says what is wrong.
     *
     * @param dictionarySizes the number of values of each dictionary, by id
     */
    static ArrowRecordBatch check(
            ArrowRecordBatch batch,
            List<Field> fields,
            BufferAllocator allocator,
            Map<Long, Integer> dictionarySizes) {
        ArrowBatchCheck check = new ArrowBatchCheck(batch, allocator, dictionarySizes);
        try {
            if (batch.getLength() < 0) {
                throw new IllegalArgumentException("negative row count " + batch.getLength());
            }
            for (Field f : fields) {
                check.field(f, batch.getLength());
            }
            if (check.nodes.hasNext() || check.nextBuffer != check.in.size()) {
                throw new IllegalArgumentException(
                        "more field nodes or buffers than the schema's "
                                + fields.size()
                                + " columns use");
            }
            if (check.codec == null) {
                return batch;
            }
            ArrowRecordBatch plain =
                    new ArrowRecordBatch(
                            batch.getLength(),
                            batch.getNodes(),
                            check.out,
                            NoCompressionCodec.DEFAULT_BODY_COMPRESSION,
                            null,
                            false,
                            true);
            batch.close();
            return plain;
        } catch (RuntimeException e) {
            batch.close();
            throw e instanceof IllegalArgumentException
                    ? e
                    : new IllegalArgumentException(e.getMessage(), e);
        } finally {
            if (check.codec != null) {
                check.out.forEach(ArrowBuf::close);
            }
        }
    }

    /** Checks column {@code f}'s node and buffers; returns its length. */
    private long field(Field f, long expectedLength) {
        if (!nodes.hasNext()) {
            throw new IllegalArgumentException("no field node for column '" + f.getName() + "'");
        }
        ArrowFieldNode node = nodes.next();
        long n = node.getLength();
        if (n < 0 || expectedLength >= 0 && n != expectedLength) {
            throw bad(f, "has " + n + " rows, the batch " + expectedLength);
        }
        if (node.getNullCount() < 0 || node.getNullCount() > n) {
            throw bad(f, "has " + node.getNullCount() + " nulls in " + n + " rows");
        }
        ArrowType type = f.getDictionary() != null ? f.getDictionary().getIndexType() : f.getType();
        List<BufferLayout> layouts = TypeLayout.getTypeLayout(type).getBufferLayouts();
        boolean nested = !f.getChildren().isEmpty() && f.getDictionary() == null;
        ArrowBuf validity = null;
        long lastOffset = 0;
        for (BufferLayout layout : layouts) {
            switch (layout.getType()) {
                case VALIDITY:
                    validity = buffer(f, (n + 7) / 8, true);
                    checkValidity(f, validity, n, node.getNullCount());
                    break;
                case OFFSET:
                    lastOffset =
                            checkOffsets(
                                    f,
                                    buffer(
                                            f,
                                            n == 0 ? 0 : (n + 1) * (layout.getTypeBitWidth() / 8),
                                            false),
                                    n,
                                    layout.getTypeBitWidth() / 8);
                    break;
                case DATA:
                    {
                        long need =
                                layouts.size() > 2
                                        ? lastOffset
                                        : layout.getTypeBitWidth() == 1
                                                ? (n + 7) / 8
                                                : n * (layout.getTypeBitWidth() / 8);
                        ArrowBuf data = buffer(f, need, false);
                        if (f.getDictionary() != null) {
                            checkIndices(
                                    f,
                                    data,
                                    validity,
                                    n,
                                    layout.getTypeBitWidth() / 8,
                                    node.getNullCount());
                        }
                        break;
                    }
                default:
                    throw bad(
                            f, "has a " + layout.getType() + " buffer, which Tally does not read");
            }
        }
        if (nested) {
            for (Field child : f.getChildren()) {
                long childLength = field(child, -1);
                if (childLength < lastOffset) {
                    throw bad(f, "ends at element " + lastOffset + " of " + childLength);
                }
            }
        }
        return n;
    }

    /**
     * The next buffer, decompressed if need be, holding at least {@code need} bytes; an {@code
     * optional} one (a validity bitmap, which Arrow C++ and others omit when a column has no nulls)
     * may also be empty.
     */
    private ArrowBuf buffer(Field f, long need, boolean optional) {
        if (nextBuffer >= in.size()) {
            throw bad(f, "has fewer buffers than its type needs");
        }
        ArrowBuf raw = in.get(nextBuffer++);
        ArrowBuf buf = codec == null ? raw : decompress(f, raw, need);
        if ((buf.writerIndex() < need || buf.capacity() < need)
                && !(optional && buf.writerIndex() == 0)) {
            throw bad(
                    f,
                    "has a buffer of "
                            + buf.writerIndex()
                            + " bytes where "
                            + need
                            + " are needed");
        }
        return buf;
    }

    private ArrowBuf decompress(Field f, ArrowBuf raw, long need) {
        long stored = raw.writerIndex();
        if (stored == 0) {
            raw.getReferenceManager().retain();
            out.add(raw);
            return raw;
        }
        if (stored < CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH) {
            throw bad(f, "has a compressed buffer of " + stored + " bytes");
        }
        long declared = raw.getLong(0);
        ArrowBuf result;
        if (declared == CompressionUtil.NO_COMPRESSION_LENGTH) {
            result =
                    raw.slice(
                            CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH,
                            stored - CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH);
            result.getReferenceManager().retain();
        } else if (declared < 0 || declared > padded(need)) {
            throw bad(
                    f, "declares " + declared + " uncompressed bytes where its rows need " + need);
        } else if (declared == 0) {
            result = allocator.getEmpty();
        } else {
            raw.getReferenceManager().retain(); // the codec releases its input, unless it fails
            try {
                result = codec.decompress(allocator, raw);
            } catch (RuntimeException e) {
                raw.getReferenceManager().release();
                throw bad(f, "cannot be decompressed: " + e.getMessage());
            }
        }
        out.add(result);
        return result;
    }

    private static long padded(long bytes) {
        return (bytes + PADDING - 1) / PADDING * PADDING;
    }

    /** A present bitmap must have exactly {@code nulls} zero bits among the first {@code n}. */
    private static void checkValidity(Field f, ArrowBuf bits, long n, long nulls) {
        if (bits.writerIndex() == 0) {
            if (nulls != 0 && nulls != n) {
                throw bad(f, "has " + nulls + " nulls in " + n + " rows but no validity bitmap");
            }
            return;
        }
        long zeros = 0;
        long full = n / Long.SIZE;
        long address = bits.memoryAddress(); // the buffer holds (n + 7) / 8 bytes, checked above
        for (long w = 0; w < full; w++) {
            zeros += Long.SIZE - Long.bitCount(MemoryUtil.getLong(address + w * Long.BYTES));
        }
        for (long r = full * Long.SIZE; r < n; r++) {
            zeros += (bits.getByte(r >>> 3) >>> (r & 7) & 1) ^ 1;
        }
        if (zeros != nulls) {
            throw bad(f, "says " + nulls + " nulls but its validity bitmap has " + zeros);
        }
    }

    /** Offsets must start at zero or more and never decrease; returns the last one. */
    private static long checkOffsets(Field f, ArrowBuf offsets, long n, int width) {
        if (n == 0) {
            return 0;
        }
        // the buffer holds (n + 1) * width bytes (checked by buffer()), so plain reads are safe
        long address = offsets.memoryAddress();
        long first =
                width == Integer.BYTES ? MemoryUtil.getInt(address) : MemoryUtil.getLong(address);
        if (first < 0) {
            throw bad(f, "has a negative first offset " + first);
        }
        long previous = first;
        boolean ordered = true;
        if (width == Integer.BYTES) {
            for (long r = 1; r <= n; r++) {
                int next = MemoryUtil.getInt(address + r * Integer.BYTES);
                ordered &= next >= previous;
                previous = next;
            }
        } else {
            for (long r = 1; r <= n; r++) {
                long next = MemoryUtil.getLong(address + r * Long.BYTES);
                ordered &= next >= previous;
                previous = next;
            }
        }
        if (!ordered) {
            throw bad(f, "has offsets that decrease (corrupt string or list boundaries)");
        }
        return previous;
    }

    /** Every non-null dictionary index must name one of the dictionary's values. */
    private void checkIndices(
            Field f, ArrowBuf indices, ArrowBuf validity, long n, int width, long nulls) {
        Integer size = dictionarySizes.get(f.getDictionary().getId());
        if (size == null) {
            throw bad(f, "uses dictionary " + f.getDictionary().getId() + ", which the file lacks");
        }
        boolean signed = f.getDictionary().getIndexType().getIsSigned();
        for (long r = 0; r < n; r++) {
            if (nulls > 0 && (validity.getByte(r >>> 3) >>> (r & 7) & 1) == 0) {
                continue;
            }
            long index;
            switch (width) {
                case Byte.BYTES:
                    index = signed ? indices.getByte(r) : indices.getByte(r) & 0xFFL;
                    break;
                case Short.BYTES:
                    index = signed ? indices.getShort(r * 2) : indices.getShort(r * 2) & 0xFFFFL;
                    break;
                case Integer.BYTES:
                    index = signed ? indices.getInt(r * 4) : indices.getInt(r * 4) & 0xFFFFFFFFL;
                    break;
                default:
                    index = indices.getLong(r * 8);
                    break;
            }
            if (index < 0 || index >= size) {
                throw bad(
                        f,
                        "has dictionary index "
                                + index
                                + " at row "
                                + r
                                + ", the dictionary holds "
                                + size
                                + " values");
            }
        }
    }

    private static IllegalArgumentException bad(Field f, String what) {
        return new IllegalArgumentException("column '" + f.getName() + "' " + what);
    }
}
