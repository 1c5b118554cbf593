package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * COVAR_POP, COVAR_SAMP, CORR and the REGR_ family over the pairs (y, x) of its two arguments where
 * both are non-NULL, with the arithmetic of {@link CoMoments}.
 *
 * <p>State per group: one {@link #WIDTH}-byte record of doubles at {@code slot * WIDTH}, in the
 * order of {@link CoMoments}' state array: {@code [n][mean x][mean y][M2x][M2y][Cxy]}, so an update
 * touches one cache line. Serialized as Int64 {@code n} and five Float64 columns, all non-null.
 */
public final class CoMomentAccumulator extends Accumulator {
    /** Bytes of state per group: six doubles. */
    static final int WIDTH = CoMoments.WIDTH * Double.BYTES;

    private static final DataType COUNT = new DataType(ColumnType.BIGINT, 0, 0, false);
    private static final DataType REAL = new DataType(ColumnType.DOUBLE, 0, 0, false);
    private static final String[] MOMENTS = {"mean_x", "mean_y", "m2_x", "m2_y", "c_xy"};
    private final CoMoments.Function function;
    private final DataType yType;
    private final DataType xType;
    private final StateColumn states;
    private final NumericDoubles ys = new NumericDoubles();
    private final NumericDoubles xs = new NumericDoubles();
    private final double[] a = new double[CoMoments.WIDTH];
    private final double[] b = new double[CoMoments.WIDTH];

    public CoMomentAccumulator(
            AggregateCall call,
            DataType yType,
            DataType xType,
            BlockLayout layout,
            OperatorMemory memory) {
        super(call, layout, memory);
        this.function = CoMoments.Function.valueOf(call.kind().name());
        this.yType = yType;
        this.xType = xType;
        this.states = newColumn(WIDTH);
    }

    @Override
    public List<Field> stateFields() {
        Field[] fields = new Field[CoMoments.WIDTH];
        fields[0] = COUNT.toField(call.name() + "$n");
        for (int m = 0; m < MOMENTS.length; m++) {
            fields[m + 1] = REAL.toField(call.name() + "$" + MOMENTS[m]);
        }
        return List.of(fields);
    }

    @Override
    public void update(int[] gids, int n) {
        DecodedColumn yc = args[0];
        DecodedColumn xc = args[1];
        double[] y = ys.of(yc, yType, n);
        double[] x = xs.of(xc, xType, n);
        for (int i = 0; i < n; i++) {
            if (gids[i] >= 0 && yc.nulls[i] == 0 && xc.nulls[i] == 0) {
                long at = address(gids[i]);
                read(at, a);
                CoMoments.add(a, y[i], x[i]);
                write(at, a);
            }
        }
    }

    private long address(int g) {
        return states.blocks[g >>> layout.shift()].memoryAddress()
                + (long) (g & layout.mask()) * WIDTH;
    }

    private static void read(long at, double[] s) {
        for (int k = 0; k < CoMoments.WIDTH; k++) {
            s[k] = Double.longBitsToDouble(MemoryUtil.getLong(at + (long) k * Double.BYTES));
        }
    }

    private static void write(long at, double[] s) {
        for (int k = 0; k < CoMoments.WIDTH; k++) {
            MemoryUtil.putLong(at + (long) k * Double.BYTES, Double.doubleToRawLongBits(s[k]));
        }
    }

    @Override
    public void serialize(int block, int rows, List<FieldVector> out) {
        long base = states.blocks[block].memoryAddress();
        for (int i = 0; i < rows; i++) {
            read(base + (long) i * WIDTH, a);
            ((BigIntVector) out.get(0)).setSafe(i, (long) a[CoMoments.N]);
            for (int m = 1; m < CoMoments.WIDTH; m++) {
                ((Float8Vector) out.get(m)).setSafe(i, a[m]);
            }
        }
    }

    @Override
    public void merge(List<FieldVector> states, int[] gids, int n) {
        long[] counts = decode(states.get(0), COUNT, n).longs;
        double[][] moments = new double[CoMoments.WIDTH][];
        for (int m = 1; m < CoMoments.WIDTH; m++) {
            moments[m] = decode(states.get(m), REAL, n).doubles;
        }
        for (int i = 0; i < n; i++) {
            if (gids[i] < 0 || counts[i] == 0) {
                continue;
            }
            b[CoMoments.N] = counts[i];
            for (int m = 1; m < CoMoments.WIDTH; m++) {
                b[m] = moments[m][i];
            }
            long at = address(gids[i]);
            read(at, a);
            CoMoments.merge(a, b);
            write(at, a);
        }
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        long base = states.blocks[block].memoryAddress();
        for (int i = 0; i < rows; i++) {
            read(base + (long) i * WIDTH, a);
            Double r = CoMoments.result(function, a);
            if (r == null) {
                out.setNull(i);
            } else {
                VectorWriter.setDouble(out, call.outputType(), i, r, label());
            }
        }
    }
}
