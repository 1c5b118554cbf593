package io.tally.exec.expr;

import io.tally.batch.BatchCursor;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The batches of an input cursor after a {@link BatchCalculator}: input batches in which no row
 * passes are skipped. Owns both and closes both.
 */
public final class CalcCursor implements BatchCursor {
    private final BatchCursor input;
    private final BatchCalculator calculator;

    public CalcCursor(BatchCursor input, BatchCalculator calculator) {
        this.input = input;
        this.calculator = calculator;
    }

    @Override
    public VectorSchemaRoot next() {
        VectorSchemaRoot batch;
        while ((batch = input.next()) != null) {
            VectorSchemaRoot out = calculator.apply(batch);
            if (out != null) {
                return out;
            }
        }
        return null;
    }

    @Override
    public void close() {
        try {
            input.close();
        } finally {
            calculator.close();
        }
    }
}
