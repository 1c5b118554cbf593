package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP by Welford's method; states merge with Chan et al.'s
 * pairwise formula. State columns: Int64 count, Float64 mean, Float64 m2 (sum of squared
 * deviations), all non-null.
 */
public final class VarianceAccumulator extends Accumulator {
    private static final DataType COUNT = new DataType(ColumnType.BIGINT, 0, 0, false);
    private static final DataType REAL = new DataType(ColumnType.DOUBLE, 0, 0, false);
    private final DataType input;
    private final StateColumn counts;
    private final StateColumn means;
    private final StateColumn m2s;
    private final NumericDoubles doubles = new NumericDoubles();

    public VarianceAccumulator(
            AggregateCall call, DataType input, BlockLayout layout, OperatorMemory memory) {
        super(call, layout, memory);
        this.input = input;
        counts = newColumn(8);
        means = newColumn(8);
        m2s = newColumn(8);
    }

    @Override
    public List<Field> stateFields() {
        return List.of(
                COUNT.toField(call.name() + "$count"),
                REAL.toField(call.name() + "$mean"),
                REAL.toField(call.name() + "$m2"));
    }

    @Override
    public void update(int[] gids, int n) {
        DecodedColumn a = args[0];
        double[] x = doubles.of(a, input, n);
        byte[] nulls = a.nulls;
        int shift = layout.shift();
        int mask = layout.mask();
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || nulls[i] != 0) {
                continue;
            }
            int blk = g >>> shift;
            long at = (long) (g & mask) << 3;
            long c = counts.blocks[blk].memoryAddress() + at;
            long m = means.blocks[blk].memoryAddress() + at;
            long q = m2s.blocks[blk].memoryAddress() + at;
            long count = MemoryUtil.getLong(c) + 1;
            double mean = Double.longBitsToDouble(MemoryUtil.getLong(m));
            double delta = x[i] - mean;
            mean += delta / count;
            MemoryUtil.putLong(c, count);
            MemoryUtil.putLong(m, Double.doubleToRawLongBits(mean));
            double m2 = Double.longBitsToDouble(MemoryUtil.getLong(q)) + delta * (x[i] - mean);
            MemoryUtil.putLong(q, Double.doubleToRawLongBits(m2));
        }
    }

    @Override
    public void serialize(int block, int rows, List<FieldVector> out) {
        for (int i = 0; i < rows; i++) {
            long at = (long) i << 3;
            ((BigIntVector) out.get(0)).setSafe(i, counts.blocks[block].getLong(at));
            ((Float8Vector) out.get(1)).setSafe(i, means.blocks[block].getDouble(at));
            ((Float8Vector) out.get(2)).setSafe(i, m2s.blocks[block].getDouble(at));
        }
    }

    @Override
    public void merge(List<FieldVector> states, int[] gids, int n) {
        long[] nb = decode(states.get(0), COUNT, n).longs;
        double[] mb = decode(states.get(1), REAL, n).doubles;
        double[] qb = decode(states.get(2), REAL, n).doubles;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || nb[i] == 0) {
                continue;
            }
            int blk = g >>> layout.shift();
            long at = (long) (g & layout.mask()) << 3;
            ArrowBuf c = counts.blocks[blk];
            ArrowBuf m = means.blocks[blk];
            ArrowBuf q = m2s.blocks[blk];
            long na = c.getLong(at);
            long total = na + nb[i];
            double delta = mb[i] - m.getDouble(at);
            m.setDouble(at, m.getDouble(at) + delta * nb[i] / total);
            q.setDouble(
                    at, q.getDouble(at) + qb[i] + delta * delta * ((double) na * nb[i] / total));
            c.setLong(at, total);
        }
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        AggKind kind = call.kind();
        boolean sample = kind == AggKind.VAR_SAMP || kind == AggKind.STDDEV_SAMP;
        boolean root = kind == AggKind.STDDEV_POP || kind == AggKind.STDDEV_SAMP;
        for (int i = 0; i < rows; i++) {
            long at = (long) i << 3;
            long count = counts.blocks[block].getLong(at);
            long divisor = sample ? count - 1 : count;
            if (divisor <= 0) {
                out.setNull(i);
                continue;
            }
            double variance = Math.max(0.0, m2s.blocks[block].getDouble(at) / divisor);
            VectorWriter.setDouble(
                    out, call.outputType(), i, root ? Math.sqrt(variance) : variance, label());
        }
    }
}
