package io.tally.plan;

import io.tally.exec.state.CoMoments;

/**
 * CORR and REGR_AVGX / AVGY / SLOPE / INTERCEPT / R2 / SXY as Calcite user-defined aggregates
 * ({@link TallyOperatorTable}): the implementations Calcite's own operators run (with {@code
 * aggregate=calcite}, and in windows), over {@link CoMoments}, the arithmetic Tally's operator uses
 * too. A row counts only when both arguments are non-NULL, the family's rule. The arguments are
 * declared {@code Object}: Calcite's generated code passes each column in its own Java type
 * (Integer, Long, BigDecimal, Double …), without converting it.
 */
public final class CoMomentFunctions {
    private CoMomentFunctions() {}

    /** One function of the family: the state is a {@link CoMoments} array. */
    public abstract static class Base {
        abstract CoMoments.Function function();

        public double[] init() {
            return new double[CoMoments.WIDTH];
        }

        public double[] add(double[] state, Object y, Object x) {
            if (y != null && x != null) {
                CoMoments.add(state, ((Number) y).doubleValue(), ((Number) x).doubleValue());
            }
            return state;
        }

        public Double result(double[] state) {
            return CoMoments.result(function(), state);
        }
    }

    /** CORR(y, x). */
    public static final class Corr extends Base {
        @Override
        CoMoments.Function function() {
            return CoMoments.Function.CORR;
        }
    }

    /** REGR_AVGX(y, x). */
    public static final class RegrAvgx extends Base {
        @Override
        CoMoments.Function function() {
            return CoMoments.Function.REGR_AVGX;
        }
    }

    /** REGR_AVGY(y, x). */
    public static final class RegrAvgy extends Base {
        @Override
        CoMoments.Function function() {
            return CoMoments.Function.REGR_AVGY;
        }
    }

    /** REGR_SLOPE(y, x). */
    public static final class RegrSlope extends Base {
        @Override
        CoMoments.Function function() {
            return CoMoments.Function.REGR_SLOPE;
        }
    }

    /** REGR_INTERCEPT(y, x). */
    public static final class RegrIntercept extends Base {
        @Override
        CoMoments.Function function() {
            return CoMoments.Function.REGR_INTERCEPT;
        }
    }

    /** REGR_R2(y, x). */
    public static final class RegrR2 extends Base {
        @Override
        CoMoments.Function function() {
            return CoMoments.Function.REGR_R2;
        }
    }

    /** REGR_SXY(y, x). */
    public static final class RegrSxy extends Base {
        @Override
        CoMoments.Function function() {
            return CoMoments.Function.REGR_SXY;
        }
    }
}
