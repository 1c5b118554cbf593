package io.tally.exec.state;

import io.tally.batch.DataType;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.memory.OperatorMemory;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.FieldVector;

/**
 * LITERAL_AGG: every group's result is the call's constant ({@link CallOptions#constant()}), as in
 * Calcite's rewrite of {@code x NOT IN (subquery)}. There is no state: nothing to update, spill or
 * merge. The constant is NULL, a Boolean, a Long (integers, and DATE days, TIME and TIMESTAMP
 * milliseconds), a Double, a BigDecimal or a String.
 */
public final class LiteralAccumulator extends StatelessAccumulator {
    private final Object constant;
    private final byte[] utf8;

    public LiteralAccumulator(AggregateCall call, BlockLayout layout, OperatorMemory memory) {
        super(call, layout, memory);
        this.constant = call.options().constant();
        this.utf8 =
                constant instanceof String
                        ? ((String) constant).getBytes(StandardCharsets.UTF_8)
                        : null;
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        DataType t = call.outputType();
        for (int i = 0; i < rows; i++) {
            if (constant == null) {
                out.setNull(i);
            } else if (constant instanceof Boolean) {
                VectorWriter.setLong(out, t, i, ((Boolean) constant) ? 1 : 0, label());
            } else if (constant instanceof BigDecimal) {
                VectorWriter.setBigDecimal(out, t, i, (BigDecimal) constant, label());
            } else if (constant instanceof Double) {
                VectorWriter.setDouble(out, t, i, (Double) constant, label());
            } else if (utf8 != null) {
                VectorWriter.setBytes(out, t, i, utf8, 0, utf8.length);
            } else {
                VectorWriter.setLong(out, t, i, ((Number) constant).longValue(), label());
            }
        }
    }
}
