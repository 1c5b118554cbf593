package io.tally.exec.expr;

import io.tally.batch.CodedBatch;
import io.tally.batch.ColumnCodes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Runs a {@link CalcProgram} on Arrow batches, one batch per {@link #apply} call.
 *
 * <p>Filtering compacts rather than passing a selection vector on: the condition is evaluated over
 * the whole batch, the row numbers where it is TRUE become a selection, and the input columns the
 * projections read are gathered through it into dense arrays, so every projection kernel runs over
 * contiguous values and the consumer (the aggregate) gets an ordinary dense batch. A batch in which
 * no row passes produces nothing; one in which all rows pass skips the gather, and its plain column
 * projections hand the input vectors on without copying (with their dictionary codes, if any).
 *
 * <p>Memory: output vectors live in a child allocator of the caller's, are reused from batch to
 * batch, and are freed by {@link #close()}; evaluation scratch is on-heap and reused.
 *
 * <p>A projection casting an integer column to DOUBLE over a whole batch converts from the input
 * vector straight into its output vector ({@link IntToDoubleCast}). A subexpression the projections
 * and the condition use more than once is evaluated once per pass ({@link SharedKernel}).
 */
public final class BatchCalculator implements AutoCloseable {
    private final Kernel condition;
    private final Kernel[] projects;
    private final int[] passThrough;

    /** Per projection: the integer input column it casts to DOUBLE, else -1. */
    private final int[] castInput;

    private final Schema schema;
    private final BufferAllocator allocator;
    private final FieldVector[] outputs;
    private final Frame frame;
    private int[] selection = new int[0];

    /** Output column {@code i} is named {@code names.get(i)}. */
    public BatchCalculator(
            CalcProgram program, List<String> names, BufferAllocator parent, String name) {
        int n = program.projects().size();
        List<Expr> trees = new ArrayList<>(program.projects());
        if (program.condition() != null) {
            trees.add(program.condition());
        }
        List<Kernel> kernels = Kernels.compileShared(trees);
        this.condition = program.condition() == null ? null : kernels.get(n);
        this.projects = new Kernel[n];
        this.passThrough = new int[n];
        this.castInput = new int[n];
        List<Field> fields = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Expr e = program.projects().get(i);
            projects[i] = kernels.get(i);
            passThrough[i] = e.op() == Op.INPUT ? (Integer) e.value() : -1;
            castInput[i] = IntToDoubleCast.inputOf(e);
            fields.add(e.type().toField(names.get(i)));
        }
        this.schema = new Schema(fields);
        this.frame = new Frame(program.inputTypes());
        this.allocator = parent.newChildAllocator(name, 0, Long.MAX_VALUE);
        this.outputs = new FieldVector[n];
        try {
            for (int i = 0; i < n; i++) {
                outputs[i] = fields.get(i).createVector(allocator);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The schema of every output batch. */
    public Schema schema() {
        return schema;
    }

    /**
     * The rows of {@code input} that pass the condition, projected; null if no row passes. The
     * result is valid until the next call or {@link #close()}, and as long as {@code input} is.
     */
    public VectorSchemaRoot apply(VectorSchemaRoot input) {
        int rows = input.getRowCount();
        int[] sel = null;
        if (condition != null) {
            frame.start(input, null, rows);
            int passed = select(condition.eval(frame, null), rows);
            if (passed == 0) {
                return null;
            }
            if (passed < rows) {
                sel = selection;
                rows = passed;
            }
        }
        frame.start(input, sel, rows);
        List<FieldVector> vectors = new ArrayList<>(projects.length);
        ColumnCodes[] codes = null;
        for (int i = 0; i < projects.length; i++) {
            if (passThrough[i] >= 0 && sel == null) {
                vectors.add(input.getVector(passThrough[i]));
                ColumnCodes kept = CodedBatch.codes(input, passThrough[i]);
                if (kept != null) {
                    codes = codes == null ? new ColumnCodes[projects.length] : codes;
                    codes[i] = kept;
                }
            } else if (castInput[i] >= 0
                    && sel == null
                    && IntToDoubleCast.write(input.getVector(castInput[i]), outputs[i], rows)) {
                vectors.add(outputs[i]);
            } else {
                ArrowWriter.write(
                        projects[i].eval(frame, null), projects[i].type, outputs[i], rows);
                vectors.add(outputs[i]);
            }
        }
        return codes == null
                ? new VectorSchemaRoot(schema, vectors, rows)
                : new CodedBatch(schema.getFields(), vectors, rows, codes);
    }

    /** Fills {@link #selection} with the rows where {@code c} is TRUE; returns how many. */
    private int select(Column c, int rows) {
        if (selection.length < rows) {
            selection = new int[rows];
        }
        int[] s = selection;
        long[] v = c.longs;
        int k = 0;
        if (c.hasNulls) {
            boolean[] nulls = c.nulls;
            for (int i = 0; i < rows; i++) {
                s[k] = i;
                k += (v[i] == 1 && !nulls[i]) ? 1 : 0;
            }
        } else {
            for (int i = 0; i < rows; i++) {
                s[k] = i;
                k += (int) v[i];
            }
        }
        return k;
    }

    @Override
    public void close() {
        for (FieldVector v : outputs) {
            if (v != null) {
                v.close();
            }
        }
        Arrays.fill(outputs, null);
        allocator.close();
    }
}
