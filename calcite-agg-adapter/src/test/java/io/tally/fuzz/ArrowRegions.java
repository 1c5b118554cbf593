package io.tally.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.zip.CRC32;
import org.apache.arrow.flatbuf.Block;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.Footer;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.vector.BufferLayout;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An independent reading of an Arrow IPC file that separates its structure from its values, to
 * judge a corrupted copy.
 *
 * <p>The <em>structure</em> of a file is everything a reader must trust: both copies of the schema,
 * the footer's blocks, each message's header (row count, field nodes, buffer offsets and lengths,
 * compression), each compressed buffer's declared size and payload (LZ4 frames carry a checksum),
 * and for each value buffer what can be checked about it: the number of zero bits of a validity
 * bitmap, the first and last offset of an offsets buffer and whether the offsets between never
 * decrease and stay within them, and whether every dictionary index is within its dictionary. A
 * corrupted copy whose structure reads the same differs only in values (fixed-width data, string
 * bytes, which rows are null, where one string ends and the next begins), which Arrow IPC cannot
 * reveal without a checksum: any answer is acceptable. Any other corruption must give the original
 * answer or an error.
 *
 * <p>For the original file it also records what each byte is ({@link Region}): to draw corruption
 * positions from the structure more often, to report what a corruption touched, and because a
 * change of padding alone must never change an answer.
 */
final class ArrowRegions {
    /** What a byte of the original file is. */
    enum Region {
        STRUCT,
        PAD,
        VALUE,
        VALIDITY,
        OFFSET,
        INDEX
    }

    private final Region[] regions;
    private final String structure;

    private ArrowRegions(Region[] regions, String structure) {
        this.regions = regions;
        this.structure = structure;
    }

    /** Maps an uncorrupted Arrow IPC file. */
    static ArrowRegions of(byte[] file) {
        Reading reading = new Reading(file, true);
        reading.read();
        return new ArrowRegions(reading.regions, reading.out.toString());
    }

    /** The structure of any file, or null if it cannot be read as Arrow IPC. */
    static String structure(byte[] file) {
        try {
            Reading reading = new Reading(file, false);
            reading.read();
            return reading.out.toString();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether {@code corrupted} differs from {@code original} (the mapped file) only in values: its
     * structure reads the same and, if it has the same length, it changed more than padding.
     */
    boolean valueOnly(byte[] original, byte[] corrupted) {
        if (corrupted.length == original.length) {
            boolean onlyPadding = true;
            for (int i = 0; i < original.length && onlyPadding; i++) {
                onlyPadding = original[i] == corrupted[i] || regions[i] == Region.PAD;
            }
            if (onlyPadding) {
                return false;
            }
        }
        return structure.equals(structure(corrupted));
    }

    /** Which regions the changed bytes fall in, for the report (e.g. "STRUCT+VALUE"). */
    String touched(byte[] original, byte[] corrupted) {
        if (corrupted.length != original.length) {
            return "LENGTH";
        }
        EnumSet<Region> set = EnumSet.noneOf(Region.class);
        for (int i = 0; i < original.length; i++) {
            if (original[i] != corrupted[i]) {
                set.add(regions[i]);
            }
        }
        return set.isEmpty() ? "NONE" : String.join("+", set.stream().map(Enum::name).toList());
    }

    /** Positions worth corrupting more often: structure and the checkable value bytes. */
    int[] hotPositions() {
        return IntStream.range(0, regions.length)
                .filter(i -> regions[i] != Region.VALUE && regions[i] != Region.PAD)
                .toArray();
    }

    /** One pass over a file, writing its structure and (for an original) its byte map. */
    private static final class Reading {
        private final byte[] file;
        private final ByteBuffer le;
        private final Region[] regions;
        private final StringBuilder out = new StringBuilder();
        private final Map<Long, Integer> dictionarySizes = new HashMap<>();

        Reading(byte[] file, boolean map) {
            this.file = file;
            this.le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
            this.regions = map ? new Region[file.length] : null;
            if (map) {
                Arrays.fill(regions, Region.STRUCT);
            }
        }

        void read() {
            int footerLength = le.getInt(file.length - 10);
            int footerAt = file.length - 10 - footerLength;
            out.append(new String(file, file.length - 6, 6)).append(new String(file, 0, 6));
            Footer footer = Footer.getRootAsFooter(slice(footerAt, footerLength));
            Schema schema = Schema.convertSchema(footer.schema());
            out.append("|footer v").append(footer.version()).append(' ').append(schema.toJson());
            Message start = message(8);
            out.append("|start ").append(MessageSerializer.deserializeSchema(start).toJson());
            Map<Long, Field> dictionaryFields = new HashMap<>();
            collectDictionaries(schema.getFields(), dictionaryFields);
            for (int i = 0; i < footer.dictionariesLength(); i++) {
                Block block = footer.dictionaries(i);
                Message message = block(block);
                DictionaryBatch batch = (DictionaryBatch) message.header(new DictionaryBatch());
                Field values = dictionaryFields.get(batch.id());
                out.append("|dictionary ").append(batch.id()).append(batch.isDelta());
                Field plain =
                        new Field(
                                values.getName(),
                                new FieldType(true, values.getType(), null),
                                values.getChildren());
                dictionarySizes.put(batch.id(), (int) batch.data().length());
                body(block, batch.data(), List.of(plain));
            }
            for (int i = 0; i < footer.recordBatchesLength(); i++) {
                Block block = footer.recordBatches(i);
                Message message = block(block);
                if (message.headerType() != MessageHeader.RecordBatch) {
                    throw new IllegalArgumentException("not a record batch");
                }
                out.append("|batch");
                body(block, (RecordBatch) message.header(new RecordBatch()), schema.getFields());
            }
        }

        private static void collectDictionaries(List<Field> fields, Map<Long, Field> out) {
            for (Field f : fields) {
                if (f.getDictionary() != null) {
                    out.put(f.getDictionary().getId(), f);
                }
                collectDictionaries(f.getChildren(), out);
            }
        }

        private ByteBuffer slice(int at, int length) {
            return ByteBuffer.wrap(Arrays.copyOfRange(file, at, at + length))
                    .order(ByteOrder.LITTLE_ENDIAN);
        }

        private Message message(int at) {
            int prefix = le.getInt(at) == -1 ? 8 : 4;
            return Message.getRootAsMessage(slice(at + prefix, le.getInt(at + prefix - 4)));
        }

        private Message block(Block block) {
            Message message = message((int) block.offset());
            out.append(" @")
                    .append(block.offset())
                    .append('+')
                    .append(block.metaDataLength())
                    .append('+')
                    .append(block.bodyLength())
                    .append(" h")
                    .append(message.headerType())
                    .append(" b")
                    .append(message.bodyLength())
                    .append(" v")
                    .append(message.version());
            return message;
        }

        private void body(Block block, RecordBatch batch, List<Field> fields) {
            int bodyAt = (int) (block.offset() + block.metaDataLength());
            mark(bodyAt, (int) block.bodyLength(), Region.PAD);
            out.append(" rows ")
                    .append(batch.length())
                    .append(" c")
                    .append(
                            batch.compression() == null
                                    ? "-"
                                    : batch.compression().codec()
                                            + "/"
                                            + batch.compression().method());
            for (int i = 0; i < batch.nodesLength(); i++) {
                FieldNode n = batch.nodes(i);
                out.append(" n").append(n.length()).append('/').append(n.nullCount());
            }
            for (int i = 0; i < batch.buffersLength(); i++) {
                out.append(" b")
                        .append(batch.buffers(i).offset())
                        .append('/')
                        .append(batch.buffers(i).length());
            }
            Walk walk = new Walk(bodyAt, batch);
            for (Field f : fields) {
                field(walk, f);
            }
        }

        /** Where the walk over one batch's nodes and buffers is. */
        private static final class Walk {
            final int bodyAt;
            final RecordBatch batch;
            int node;
            int buffer;

            Walk(int bodyAt, RecordBatch batch) {
                this.bodyAt = bodyAt;
                this.batch = batch;
            }
        }

        private void field(Walk walk, Field f) {
            FieldNode node = walk.batch.nodes(walk.node++);
            int rows = (int) node.length();
            ArrowType type =
                    f.getDictionary() != null ? f.getDictionary().getIndexType() : f.getType();
            List<BufferLayout> layouts = TypeLayout.getTypeLayout(type).getBufferLayouts();
            int validityAt = -1;
            int[] span = null;
            for (BufferLayout layout : layouts) {
                Buffer b = walk.batch.buffers(walk.buffer++);
                int at = (int) (walk.bodyAt + b.offset());
                int length = (int) b.length();
                if (length == 0) {
                    continue;
                }
                if (walk.batch.compression() != null) {
                    long declared = le.getLong(at);
                    out.append(" z").append(declared);
                    if (declared != -1) {
                        CRC32 crc = new CRC32();
                        crc.update(file, at + 8, length - 8);
                        out.append(':').append(crc.getValue());
                        continue; // a checksummed payload: structure, as the STRUCT default marks
                        // it
                    }
                    mark(at, 8, Region.STRUCT);
                    at += 8;
                    length -= 8;
                }
                switch (layout.getType()) {
                    case VALIDITY:
                        {
                            validityAt = at;
                            mark(at, (rows + 7) / 8, Region.VALIDITY);
                            int zeros = 0;
                            for (int r = 0; r < rows; r++) {
                                zeros += (file[at + (r >>> 3)] >>> (r & 7) & 1) ^ 1;
                            }
                            out.append(" nulls ").append(zeros);
                            break;
                        }
                    case OFFSET:
                        {
                            int first = le.getInt(at);
                            int last = le.getInt(at + rows * 4);
                            boolean ordered = true;
                            for (int r = 1, previous = first; r <= rows; r++) {
                                int offset = le.getInt(at + r * 4);
                                ordered &= offset >= previous && offset <= last;
                                previous = offset;
                            }
                            out.append(" offsets ")
                                    .append(first)
                                    .append("..")
                                    .append(last)
                                    .append(ordered);
                            mark(at, 4, Region.STRUCT);
                            mark(at + 4, (rows - 1) * 4, Region.OFFSET);
                            mark(at + rows * 4, 4, Region.STRUCT);
                            span = new int[] {first, last};
                            break;
                        }
                    case DATA:
                        if (layouts.size() > 2) {
                            // string bytes between the first and last offset are values
                            mark(
                                    span == null ? at : at + span[0],
                                    span == null ? length : span[1] - span[0],
                                    Region.VALUE);
                        } else if (f.getDictionary() != null) {
                            mark(at, rows * 4, Region.INDEX);
                            out.append(" indices ")
                                    .append(
                                            indicesInRange(
                                                    at,
                                                    validityAt,
                                                    rows,
                                                    node,
                                                    dictionarySizes.get(
                                                            f.getDictionary().getId())));
                        } else {
                            int bits = layout.getTypeBitWidth();
                            mark(at, bits == 1 ? (rows + 7) / 8 : rows * bits / 8, Region.VALUE);
                        }
                        break;
                    default:
                        throw new IllegalArgumentException("unexpected buffer " + layout);
                }
            }
            if (f.getDictionary() == null) {
                for (Field child : f.getChildren()) {
                    field(walk, child);
                }
            }
        }

        private boolean indicesInRange(int at, int validityAt, int rows, FieldNode node, int size) {
            for (int r = 0; r < rows; r++) {
                boolean valid =
                        node.nullCount() == 0
                                || validityAt < 0
                                || (file[validityAt + (r >>> 3)] >>> (r & 7) & 1) != 0;
                int index = le.getInt(at + r * 4);
                if (valid && (index < 0 || index >= size)) {
                    return false;
                }
            }
            return true;
        }

        private void mark(int at, int length, Region region) {
            if (regions != null) {
                Arrays.fill(regions, at, at + Math.max(0, length), region);
            }
        }
    }
}
