package io.tally.datasets;

import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The drain-benchmark table {@code drain_<key>_<groups>[_shuffled]}: exactly one row per group
 * {@code i} in {@code 0..groups-1}, with key column {@code k} of the chosen {@link KeyKind} and
 * {@code v DOUBLE = i % 1024}. Rows come in ascending {@code i} or in a seeded pseudo-random order
 * ({@link SeededPermutation}), both streamed with memory bounded by one batch, except the {@link
 * KeyKind#DICT} dictionary, which holds every key string (an Arrow file allows one dictionary per
 * field, written before the first batch), so DICT is limited to {@link #DICT_MAX_GROUPS} groups.
 */
public final class DrainGenerator implements Dataset {
    /**
     * Largest group count for DICT: about 1.8 GB of off-heap dictionary (14 bytes + 4-byte offset
     * per key).
     */
    public static final long DICT_MAX_GROUPS = 100_000_000L;

    /** {@code v = i % V_MODULUS}. */
    static final int V_MODULUS = 1024;

    /** Strings per LISTSTR key. */
    public static final int LIST_ITEMS = 4;

    /** Dictionary id of the DICT key column. */
    static final long DICT_ID = 0;

    /** The type of the key column. */
    public enum KeyKind {
        /** BIGINT {@code i}. */
        INT64,
        /** VARCHAR {@code key_%010d}. */
        UTF8,
        /**
         * The UTF8 strings, dictionary-encoded in Arrow (Int32 indices, index i = key i); plain in
         * CSV.
         */
        DICT,
        /**
         * {@code List<Utf8>} of {@code item_%010d} for i*4 .. i*4+3; CSV form {@code [a,b,c,d]}.
         */
        LISTSTR;

        /** The lower-case name used in table names and on the command line. */
        public String cliName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final long groups;
    private final KeyKind kind;
    private final boolean shuffled;
    private final long seed;

    /**
     * @param groups number of groups (= rows), at least 1
     * @param kind key column type
     * @param shuffled seeded pseudo-random row order instead of ascending
     * @param seed seed of the shuffle (ignored when not shuffled)
     */
    public DrainGenerator(long groups, KeyKind kind, boolean shuffled, long seed) {
        long maxGroups =
                kind == KeyKind.DICT
                        ? DICT_MAX_GROUPS
                        : kind == KeyKind.LISTSTR
                                ? SeededPermutation.MAX_SIZE / LIST_ITEMS
                                : SeededPermutation.MAX_SIZE;
        if (groups < 1 || groups > maxGroups) {
            throw new IllegalArgumentException(
                    "drain groups for key "
                            + kind.cliName()
                            + " must be in 1.."
                            + maxGroups
                            + ": "
                            + groups);
        }
        this.groups = groups;
        this.kind = kind;
        this.shuffled = shuffled;
        this.seed = seed;
    }

    /** Number of groups, which is also the number of rows. */
    public long groups() {
        return groups;
    }

    @Override
    public String tableName() {
        return "drain_" + kind.cliName() + "_" + groups + (shuffled ? "_shuffled" : "");
    }

    @Override
    public Schema schema() {
        Field value =
                Field.notNullable("v", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
        return new Schema(List.of(keyField(), value));
    }

    private Field keyField() {
        switch (kind) {
            case INT64:
                return Field.notNullable("k", new ArrowType.Int(64, true));
            case UTF8:
                return Field.notNullable("k", ArrowType.Utf8.INSTANCE);
            case DICT:
                ArrowType.Int indexType = new ArrowType.Int(32, true);
                return new Field(
                        "k",
                        new FieldType(
                                false,
                                indexType,
                                new DictionaryEncoding(DICT_ID, false, indexType)),
                        null);
            case LISTSTR:
                Field item = Field.notNullable("item", ArrowType.Utf8.INSTANCE);
                return new Field(
                        "k", FieldType.notNullable(ArrowType.List.INSTANCE), List.of(item));
            default:
                throw new AssertionError(kind);
        }
    }

    @Override
    public BatchGenerator open(BufferAllocator allocator) {
        SeededPermutation order = shuffled ? new SeededPermutation(groups, seed) : null;
        return new DrainBatchGenerator(groups, kind, order, allocator);
    }
}
