package io.tally.exec.state;

/**
 * The arithmetic of the covariance and regression family over pairs {@code (y, x)}: a state is the
 * co-moments {@code (n, mean x, mean y, M2x, M2y, Cxy)}, where {@code M2x = Σ(x - mean x)²}, {@code
 * M2y} likewise and {@code Cxy = Σ(x - mean x)(y - mean y)}. Rows are added with Welford's update
 * and states are combined with Chan et al.'s pairwise formula, so no sum of squares of large values
 * is ever subtracted from another (the textbook {@code Σxy - ΣxΣy/n} loses every digit when the
 * values are large and close).
 *
 * <p>Results follow PostgreSQL: NULL when no pair counts; COVAR_SAMP NULL for one pair; CORR,
 * REGR_SLOPE, REGR_INTERCEPT and REGR_R2 NULL when a variance they divide by is zero; REGR_R2 1 for
 * a horizontal line; REGR_SXX/SYY/SXY are {@code M2x}, {@code M2y}, {@code Cxy}. The state is an
 * array {@code [n, meanX, meanY, m2x, m2y, cxy]} (n as a double is exact far beyond any row count).
 */
public final class CoMoments {
    /** Positions in a state array. */
    public static final int N = 0;

    public static final int MEAN_X = 1;
    public static final int MEAN_Y = 2;
    public static final int M2_X = 3;
    public static final int M2_Y = 4;
    public static final int C_XY = 5;

    /** Length of a state array. */
    public static final int WIDTH = 6;

    private CoMoments() {}

    /** Adds the pair {@code (y, x)} to {@code s} (Welford). */
    public static void add(double[] s, double y, double x) {
        double n = s[N] + 1;
        double dx = x - s[MEAN_X];
        double dy = y - s[MEAN_Y];
        s[N] = n;
        s[MEAN_X] += dx / n;
        s[MEAN_Y] += dy / n;
        s[M2_X] += dx * (x - s[MEAN_X]);
        s[M2_Y] += dy * (y - s[MEAN_Y]);
        s[C_XY] += dx * (y - s[MEAN_Y]);
    }

    /** Folds state {@code b} into state {@code a} (Chan et al.). */
    public static void merge(double[] a, double[] b) {
        if (b[N] == 0) {
            return;
        }
        if (a[N] == 0) {
            System.arraycopy(b, 0, a, 0, WIDTH);
            return;
        }
        double n = a[N] + b[N];
        double dx = b[MEAN_X] - a[MEAN_X];
        double dy = b[MEAN_Y] - a[MEAN_Y];
        double f = a[N] * b[N] / n;
        a[M2_X] += b[M2_X] + dx * dx * f;
        a[M2_Y] += b[M2_Y] + dy * dy * f;
        a[C_XY] += b[C_XY] + dx * dy * f;
        a[MEAN_X] += dx * b[N] / n;
        a[MEAN_Y] += dy * b[N] / n;
        a[N] = n;
    }

    /** The functions of this family. */
    public enum Function {
        COVAR_POP,
        COVAR_SAMP,
        CORR,
        REGR_COUNT,
        REGR_SXX,
        REGR_SYY,
        REGR_SXY,
        REGR_AVGX,
        REGR_AVGY,
        REGR_SLOPE,
        REGR_INTERCEPT,
        REGR_R2
    }

    /**
     * The result of {@code function} for state {@code s}, or null (SQL NULL); REGR_COUNT is the
     * pair count as a double.
     */
    public static Double result(Function function, double[] s) {
        double n = s[N];
        if (function == Function.REGR_COUNT) {
            return n;
        }
        if (n == 0) {
            return null;
        }
        switch (function) {
            case COVAR_POP:
                return s[C_XY] / n;
            case COVAR_SAMP:
                return n < 2 ? null : s[C_XY] / (n - 1);
            case REGR_SXX:
                return s[M2_X];
            case REGR_SYY:
                return s[M2_Y];
            case REGR_SXY:
                return s[C_XY];
            case REGR_AVGX:
                return s[MEAN_X];
            case REGR_AVGY:
                return s[MEAN_Y];
            case CORR:
                return s[M2_X] == 0 || s[M2_Y] == 0 ? null : s[C_XY] / Math.sqrt(s[M2_X] * s[M2_Y]);
            case REGR_SLOPE:
                return s[M2_X] == 0 ? null : s[C_XY] / s[M2_X];
            case REGR_INTERCEPT:
                return s[M2_X] == 0 ? null : s[MEAN_Y] - s[MEAN_X] * s[C_XY] / s[M2_X];
            case REGR_R2:
                if (s[M2_X] == 0) {
                    return null;
                }
                return s[M2_Y] == 0 ? 1.0 : s[C_XY] * s[C_XY] / (s[M2_X] * s[M2_Y]);
            default:
                throw new IllegalArgumentException("not a co-moment function: " + function);
        }
    }
}
