package io.tally.runtime;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchRows;
import io.tally.batch.BatchSource;
import io.tally.batch.BatchSplit;
import io.tally.batch.SplittableBatchSource;
import io.tally.exec.expr.BatchCalculator;
import io.tally.exec.expr.CalcCursor;
import io.tally.schema.BatchRowEnumerator;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * The result of a {@code io.tally.plan.TallyBatchCalc} as generated code sees it: a {@link
 * BatchSource} whose batches are the input's batches after the calc, and, for Calcite operators, an
 * {@code Enumerable} of the same rows. When the input is not a batch source (the planner chose a
 * row operator below), its rows are first packed into batches. It splits for parallel readers when
 * its input does: each split of the input gets its own calculator.
 */
public final class BatchCalcEnumerable extends AbstractEnumerable<Object>
        implements SplittableBatchSource {
    private final Enumerable<?> input;
    private final BatchCalcCall call;

    private BatchCalcEnumerable(Enumerable<?> input, BatchCalcCall call) {
        this.input = input;
        this.call = call;
    }

    /** Called by generated code through {@link TallyMethod#BATCH_CALC}. */
    public static BatchCalcEnumerable calc(
            DataContext root, Enumerable<?> input, BatchCalcCall call) {
        return new BatchCalcEnumerable(input, call);
    }

    @Override
    public Schema batchSchema() {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < call.names().size(); i++) {
            fields.add(call.program().projects().get(i).type().toField(call.names().get(i)));
        }
        return new Schema(fields);
    }

    @Override
    public BatchCursor openBatches(BufferAllocator allocator) {
        BatchCalculator calculator =
                new BatchCalculator(call.program(), call.names(), allocator, call.operatorName());
        try {
            BatchCursor source =
                    input instanceof BatchSource
                            ? ((BatchSource) input).openBatches(allocator)
                            : new PackedRows(
                                    input,
                                    PackedRows.allColumns(call.inputRowTypes().size()),
                                    call.inputShape(),
                                    call.inputRowTypes(),
                                    allocator);
            return new CalcCursor(source, calculator);
        } catch (RuntimeException | Error e) {
            calculator.close();
            throw e;
        }
    }

    /** Splittable when the input is (packed Calcite rows are read by one thread only). */
    @Override
    public boolean splittable() {
        return SplittableBatchSource.canSplit(input);
    }

    @Override
    public List<BatchSplit> splits(int count) {
        return BatchSplit.wrapAll(
                SplittableBatchSource.splitsOf(input, count, call.operatorName()),
                this::calculated);
    }

    /** {@code source}'s batches after a new calculator; closes {@code source} if that fails. */
    private BatchCursor calculated(BatchCursor source, BufferAllocator allocator) {
        try {
            return new CalcCursor(
                    source,
                    new BatchCalculator(
                            call.program(), call.names(), allocator, call.operatorName()));
        } catch (RuntimeException | Error e) {
            source.close();
            throw e;
        }
    }

    @Override
    public Enumerator<Object> enumerator() {
        return new Rows();
    }

    /** Walks the calc's batches row by row. */
    private final class Rows extends BatchRowEnumerator {
        private List<FieldVector> vectors;

        Rows() {
            super(call.operatorName());
        }

        @Override
        protected BatchCursor open(BufferAllocator allocator) {
            return openBatches(allocator);
        }

        @Override
        protected void startBatch(VectorSchemaRoot batch) {
            vectors = batch.getFieldVectors();
        }

        @Override
        protected Object readRow(int r) {
            if (call.outputShape() == RowShape.SCALAR) {
                return BatchRows.value(vectors.get(0), r);
            }
            Object[] values = new Object[vectors.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = BatchRows.value(vectors.get(i), r);
            }
            return values;
        }
    }
}
