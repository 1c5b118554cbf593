package io.tally.bench.groupby;

import io.tally.datasets.BatchGenerator;
import io.tally.datasets.Dataset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code bench groupby} table {@code groupby_<key>_<groups>_<rows>}: {@code rows} rows, row i
 * in group {@code g = (i * STRIDE) mod groups} (every group gets rows/groups or one more, in a
 * scattered order), key {@code k} = g as BIGINT or {@code key_%010d} as VARCHAR, and {@code v
 * DOUBLE = i % 1024}.
 */
public final class GroupByDataset implements Dataset {
    /** A prime coprime to every power of ten, so i → i * STRIDE mod groups visits every group. */
    static final long STRIDE = 1_000_003L;

    static final int V_MODULUS = 1024;

    /** Key column type. */
    public enum Key {
        INT64,
        UTF8;

        public String cliName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Key key;
    private final long groups;
    private final long rows;

    public GroupByDataset(Key key, long groups, long rows) {
        if (groups < 1 || rows < groups) {
            throw new IllegalArgumentException(
                    "groupby needs 1 <= groups <= rows: groups " + groups + ", rows " + rows);
        }
        this.key = key;
        this.groups = groups;
        this.rows = rows;
    }

    /** The key type as on the command line. */
    public String cliKey() {
        return key.cliName();
    }

    public long groups() {
        return groups;
    }

    @Override
    public String tableName() {
        return "groupby_" + key.cliName() + "_" + groups + "_" + rows;
    }

    @Override
    public Schema schema() {
        ArrowType keyType =
                key == Key.INT64 ? new ArrowType.Int(64, true) : ArrowType.Utf8.INSTANCE;
        return new Schema(
                List.of(
                        Field.notNullable("k", keyType),
                        Field.notNullable(
                                "v", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    }

    @Override
    public BatchGenerator open(BufferAllocator allocator) {
        return new Generator();
    }

    private final class Generator implements BatchGenerator {
        private final DictionaryProvider.MapDictionaryProvider none =
                new DictionaryProvider.MapDictionaryProvider();
        private long position;

        @Override
        public DictionaryProvider dictionaries() {
            return none;
        }

        @Override
        public boolean fill(VectorSchemaRoot root) {
            int count = (int) Math.min(BATCH_ROWS, rows - position);
            if (count <= 0) {
                return false;
            }
            Float8Vector v = (Float8Vector) root.getVector(1);
            for (int r = 0; r < count; r++) {
                long i = position + r;
                long g = Math.floorMod(Math.multiplyExact(i, STRIDE), groups);
                if (key == Key.INT64) {
                    ((BigIntVector) root.getVector(0)).setSafe(r, g);
                } else {
                    ((VarCharVector) root.getVector(0))
                            .setSafe(
                                    r,
                                    String.format(Locale.ROOT, "key_%010d", g)
                                            .getBytes(StandardCharsets.US_ASCII));
                }
                v.setSafe(r, (double) (i % V_MODULUS));
            }
            root.setRowCount(count);
            position += count;
            return true;
        }

        @Override
        public void close() {
            none.close();
        }
    }
}
