package io.tally.datasets;

import io.trino.tpch.LineItemGenerator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * TPC-H {@code lineitem} at a scale factor, rows from {@link io.trino.tpch.LineItemGenerator}
 * (itself deterministic: TPC-H dbgen's fixed seeds), streamed batch by batch.
 *
 * <p>Columns (lower case, all NOT NULL): l_orderkey, l_partkey, l_suppkey BIGINT; l_linenumber INT;
 * l_quantity, l_extendedprice, l_discount, l_tax DECIMAL(15,2) (Arrow Decimal128, CSV plain text
 * such as {@code 17.00}); l_returnflag, l_linestatus VARCHAR; l_shipdate, l_commitdate,
 * l_receiptdate DATE (Arrow DateDay, CSV ISO {@code 1996-03-13}); l_shipinstruct, l_shipmode,
 * l_comment VARCHAR.
 */
public final class LineitemGenerator implements Dataset {
    /** DECIMAL precision and scale of the money/fraction columns (TPC-H: decimal(15,2)). */
    static final int DECIMAL_PRECISION = 15;

    static final int DECIMAL_SCALE = 2;

    /** No row limit. */
    static final long UNLIMITED = Long.MAX_VALUE;

    private final double scaleFactor;
    private final long rowLimit;

    /**
     * @param scaleFactor TPC-H scale factor, positive (1 is about 6 million rows)
     */
    public LineitemGenerator(double scaleFactor) {
        this(scaleFactor, UNLIMITED);
    }

    private LineitemGenerator(double scaleFactor, long rowLimit) {
        if (!(scaleFactor > 0) || Double.isInfinite(scaleFactor)) {
            throw new IllegalArgumentException(
                    "lineitem scale factor must be positive and finite: " + scaleFactor);
        }
        if (rowLimit < 0) {
            throw new IllegalArgumentException(
                    "lineitem row limit must be non-negative: " + rowLimit);
        }
        this.scaleFactor = scaleFactor;
        this.rowLimit = rowLimit;
    }

    /** The same table cut to its first {@code rows} rows (for samples). */
    public LineitemGenerator limitRows(long rows) {
        return new LineitemGenerator(scaleFactor, rows);
    }

    public double scaleFactor() {
        return scaleFactor;
    }

    /** Always {@code lineitem}, so files load as the table name TPC-H queries use. */
    @Override
    public String tableName() {
        return "lineitem";
    }

    @Override
    public Schema schema() {
        ArrowType bigint = new ArrowType.Int(64, true);
        ArrowType money = new ArrowType.Decimal(DECIMAL_PRECISION, DECIMAL_SCALE, 128);
        ArrowType text = ArrowType.Utf8.INSTANCE;
        ArrowType date = new ArrowType.Date(DateUnit.DAY);
        return new Schema(
                List.of(
                        Field.notNullable("l_orderkey", bigint),
                                Field.notNullable("l_partkey", bigint),
                        Field.notNullable("l_suppkey", bigint),
                                Field.notNullable("l_linenumber", new ArrowType.Int(32, true)),
                        Field.notNullable("l_quantity", money),
                                Field.notNullable("l_extendedprice", money),
                        Field.notNullable("l_discount", money), Field.notNullable("l_tax", money),
                        Field.notNullable("l_returnflag", text),
                                Field.notNullable("l_linestatus", text),
                        Field.notNullable("l_shipdate", date),
                                Field.notNullable("l_commitdate", date),
                        Field.notNullable("l_receiptdate", date),
                                Field.notNullable("l_shipinstruct", text),
                        Field.notNullable("l_shipmode", text),
                                Field.notNullable("l_comment", text)));
    }

    @Override
    public BatchGenerator open(BufferAllocator allocator) {
        return new LineitemBatchGenerator(
                new LineItemGenerator(scaleFactor, 1, 1).iterator(), rowLimit);
    }
}
