package io.tally.exec.expr;

import io.tally.batch.DataType;
import java.util.Arrays;

/**
 * {@code CASE WHEN c1 THEN v1 ... ELSE e END}. Each condition is evaluated for the rows no earlier
 * branch took and each value only for the rows its branch takes (the {@code active} masks), so
 * errors behave as in Calcite's lazy CASE; then every row gathers its value from its branch.
 */
final class CaseKernel extends Kernel {
    private final Kernel[] whens;
    private final Kernel[] thens;
    private final Kernel otherwise;
    private final Column[] sources;
    private final Column out = new Column();
    private boolean[] remaining = new boolean[0];
    private boolean[][] taken;
    private int[] choice = new int[0];

    /** {@code args} as in {@link Op#CASE}, any number of branches. */
    CaseKernel(DataType type, Kernel[] args) {
        super(type);
        int branches = args.length / 2;
        if (args.length % 2 == 0) {
            throw new IllegalArgumentException(
                    "CASE needs pairs of WHEN/THEN and an ELSE, got " + args.length + " arguments");
        }
        whens = new Kernel[branches];
        thens = new Kernel[branches];
        for (int b = 0; b < branches; b++) {
            whens[b] = args[2 * b];
            thens[b] = args[2 * b + 1];
        }
        otherwise = args[args.length - 1];
        sources = new Column[branches + 1];
        taken = new boolean[branches][0];
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        if (remaining.length < n) {
            remaining = new boolean[n];
            choice = new int[n];
            for (int b = 0; b < taken.length; b++) {
                taken[b] = new boolean[n];
            }
        }
        if (active == null) {
            Arrays.fill(remaining, 0, n, true);
        } else {
            System.arraycopy(active, 0, remaining, 0, n);
        }
        Arrays.fill(choice, 0, n, whens.length);
        for (int b = 0; b < whens.length; b++) {
            Column c = whens[b].eval(frame, remaining);
            boolean[] mask = taken[b];
            boolean[] cn = c.hasNulls ? c.nulls : null;
            long[] v = c.longs;
            for (int i = 0; i < n; i++) {
                boolean t = remaining[i] && v[i] == 1 && (cn == null || !cn[i]);
                mask[i] = t;
                if (t) {
                    remaining[i] = false;
                    choice[i] = b;
                }
            }
            sources[b] = thens[b].eval(frame, mask);
        }
        sources[whens.length] = otherwise.eval(frame, remaining);
        gather(n);
        return out;
    }

    private void gather(int n) {
        boolean[] nulls = out.clearNulls(n);
        for (int i = 0; i < n; i++) {
            nulls[i] = sources[choice[i]].isNull(i);
        }
        if (isString(type)) {
            gatherStrings(n);
        } else if (isDouble(type)) {
            double[] r = out.doubles(n);
            for (int i = 0; i < n; i++) {
                r[i] = sources[choice[i]].doubles[i];
            }
        } else {
            long[] r = out.longs(n);
            for (int i = 0; i < n; i++) {
                r[i] = sources[choice[i]].longs[i];
            }
            if (isWide(type)) {
                gatherHighs(n);
            }
        }
    }

    /** High words of a wide DECIMAL result; a narrow branch's values are sign-extended. */
    private void gatherHighs(int n) {
        long[] h = out.highs(n);
        for (int i = 0; i < n; i++) {
            int b = choice[i];
            Column s = sources[b];
            h[i] = isWide(branchType(b)) ? s.highs[i] : s.longs[i] >> 63;
        }
    }

    private DataType branchType(int b) {
        return b == whens.length ? otherwise.type : thens[b].type;
    }

    private void gatherStrings(int n) {
        int total = 0;
        for (int i = 0; i < n; i++) {
            Column s = sources[choice[i]];
            total += s.offsets[i + 1] - s.offsets[i];
        }
        byte[] bytes = out.bytes(total);
        int[] offsets = out.offsets(n);
        int at = 0;
        for (int i = 0; i < n; i++) {
            Column s = sources[choice[i]];
            int len = s.offsets[i + 1] - s.offsets[i];
            offsets[i] = at;
            System.arraycopy(s.bytes, s.offsets[i], bytes, at, len);
            at += len;
        }
        offsets[n] = at;
    }
}
