package io.tally.batch;

import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * An open stream of Arrow record batches; it owns the batch it returns.
 *
 * <p>Column vectors by SQL type: BOOLEAN {@code BitVector}; TINYINT/SMALLINT/INTEGER/BIGINT {@code
 * TinyInt/SmallInt/Int/BigIntVector}; REAL/DOUBLE {@code Float4/Float8Vector}; DECIMAL {@code
 * DecimalVector}; DATE {@code DateDayVector}; TIME {@code TimeMilliVector}; TIMESTAMP {@code
 * TimeStampMilliVector}; CHAR/VARCHAR {@code VarCharVector}; VARBINARY {@code VarBinaryVector};
 * VARCHAR ARRAY {@code ListVector} of {@code VarCharVector}.
 */
public interface BatchCursor extends AutoCloseable {
    /**
     * Advances to the next batch. The returned root stays valid until the next call to {@code
     * next()} or {@link #close()}; returns {@code null} at the end of the data.
     */
    VectorSchemaRoot next();

    /** Frees every buffer the cursor still holds. */
    @Override
    void close();
}
