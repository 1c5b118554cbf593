package io.tally.exec;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.KeyColumn;
import io.tally.exec.holistic.ArgExtremeAccumulator;
import io.tally.exec.holistic.ValueLogAccumulator;
import io.tally.exec.state.Accumulator;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.BitwiseAccumulator;
import io.tally.exec.state.BytesValueAccumulator;
import io.tally.exec.state.CoMomentAccumulator;
import io.tally.exec.state.CountAccumulator;
import io.tally.exec.state.FixedValueAccumulator;
import io.tally.exec.state.GroupingAccumulator;
import io.tally.exec.state.LiteralAccumulator;
import io.tally.exec.state.MedianAccumulator;
import io.tally.exec.state.SumAccumulator;
import io.tally.exec.state.TopKOrder;
import io.tally.exec.state.VarianceAccumulator;
import io.tally.exec.topk.TopKAccumulator;
import io.tally.memory.OperatorMemory;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Checks aggregate calls against their argument types and creates their accumulators. */
final class Accumulators {
    /** Functions a {@link ValueLogAccumulator} computes. */
    static final Set<AggKind> VALUE_LOG =
            EnumSet.of(
                    AggKind.LISTAGG,
                    AggKind.ARRAY_AGG,
                    AggKind.COLLECT,
                    AggKind.FUSION,
                    AggKind.INTERSECTION,
                    AggKind.ARRAY_CONCAT_AGG,
                    AggKind.JSON_ARRAYAGG,
                    AggKind.JSON_OBJECTAGG,
                    AggKind.MODE,
                    AggKind.PERCENTILE_DISC);

    /** The covariance and regression family ({@link CoMomentAccumulator}). */
    static final Set<AggKind> CO_MOMENTS =
            EnumSet.of(
                    AggKind.COVAR_POP,
                    AggKind.COVAR_SAMP,
                    AggKind.CORR,
                    AggKind.REGR_COUNT,
                    AggKind.REGR_SXX,
                    AggKind.REGR_SYY,
                    AggKind.REGR_SXY,
                    AggKind.REGR_AVGX,
                    AggKind.REGR_AVGY,
                    AggKind.REGR_SLOPE,
                    AggKind.REGR_INTERCEPT,
                    AggKind.REGR_R2);

    private Accumulators() {}

    /** Fails with a message naming the call if its arguments do not suit its function. */
    static void check(AggregateCall call, List<DataType> inputTypes, Set<Integer> keys) {
        AggKind kind = call.kind();
        List<DataType> args = call.args().stream().map(inputTypes::get).toList();
        int argc = args.size();
        DataType arg = args.isEmpty() ? null : args.get(0);
        switch (kind) {
            case COUNT:
                checkOutput(call, null);
                return;
            case LITERAL_AGG:
                return;
            case TOP_K:
                checkTopK(call, argc);
                return;
            case GROUPING:
            case GROUPING_ID:
                if (argc == 0 || argc > 63 || !keys.containsAll(call.args())) {
                    throw bad(call, "arguments must be 1 to 63 group keys");
                }
                checkOutput(call, null);
                return;
            default:
                break;
        }
        if (VALUE_LOG.contains(kind)) {
            ValueLogTypes.check(call, args);
            return;
        }
        if (CO_MOMENTS.contains(kind)) {
            if (args.size() != 2 || !isNumeric(args.get(0)) || !isNumeric(args.get(1))) {
                throw bad(call, "takes two numbers (y, x)");
            }
            checkOutput(call, null);
            return;
        }
        if (kind == AggKind.ARG_MIN || kind == AggKind.ARG_MAX) {
            if (args.size() != 2 || args.get(1).type().isCollection()) {
                throw bad(call, "takes a value and a comparable value to rank it by");
            }
            requireSameFamily(call, args.get(0));
            return;
        }
        if (argc != 1) {
            throw bad(call, "takes exactly one argument");
        }
        ColumnType t = arg.type();
        switch (kind) {
            case SUM:
            case SUM0:
            case AVG:
            case STDDEV_POP:
            case STDDEV_SAMP:
            case VAR_POP:
            case VAR_SAMP:
                require(call, isNumeric(arg), arg);
                break;
            case BOOL_AND:
            case BOOL_OR:
                require(call, t == ColumnType.BOOLEAN || t == ColumnType.NULL, arg);
                break;
            case MEDIAN:
            case PERCENTILE_CONT:
                checkQuantile(call, arg);
                return;
            case BIT_AND:
            case BIT_OR:
            case BIT_XOR:
                require(call, t.isInteger() || t == ColumnType.NULL, arg);
                break;
            case MIN:
            case MAX:
                require(call, !t.isCollection(), arg);
                break;
            default:
                break;
        }
        checkOutput(call, arg);
    }

    /** MEDIAN / PERCENTILE_CONT: a number (DOUBLE result) or a DATE / TIMESTAMP (TIMESTAMP). */
    private static void checkQuantile(AggregateCall call, DataType arg) {
        ColumnType out = call.outputType().type();
        boolean number = isNumeric(arg) && out == ColumnType.DOUBLE;
        boolean datetime =
                (arg.type() == ColumnType.DATE || arg.type() == ColumnType.TIMESTAMP)
                        && out == ColumnType.TIMESTAMP
                        && call.kind() == AggKind.PERCENTILE_CONT;
        if (!number && !datetime) {
            throw bad(
                    call,
                    "takes a number giving DOUBLE"
                            + (call.kind() == AggKind.PERCENTILE_CONT
                                    ? ", or a DATE or TIMESTAMP giving TIMESTAMP"
                                    : "")
                            + ", not "
                            + arg
                            + " giving "
                            + call.outputType());
        }
        if (call.kind() == AggKind.PERCENTILE_CONT) {
            checkFraction(call);
        }
    }

    /** Fails unless the call's constant is a fraction in [0, 1]. */
    static void checkFraction(AggregateCall call) {
        Object f = call.options().constant();
        double v = f instanceof Number ? ((Number) f).doubleValue() : Double.NaN;
        if (!(v >= 0 && v <= 1)) {
            throw bad(call, "needs a constant fraction between 0 and 1, not " + f);
        }
    }

    private static void checkTopK(AggregateCall call, int argc) {
        if (argc == 0 || call.distinct() || call.outputType().type() != ColumnType.VARBINARY) {
            throw bad(call, "carries at least one column, without DISTINCT, giving VARBINARY");
        }
        for (TopKOrder.SortKey key : call.topK().keys()) {
            if (key.arg() < 0 || key.arg() >= argc) {
                throw bad(call, "sorts by argument " + key.arg() + " of " + argc);
            }
        }
    }

    static boolean isNumeric(DataType t) {
        ColumnType c = t.type();
        return c.isInteger()
                || c == ColumnType.REAL
                || c == ColumnType.DOUBLE
                || c == ColumnType.DECIMAL
                || c == ColumnType.NULL;
    }

    /** Fails unless the call's result type can hold what its function produces. */
    private static void checkOutput(AggregateCall call, DataType arg) {
        DataType out = call.outputType();
        boolean ok;
        switch (call.kind()) {
            case BOOL_AND:
            case BOOL_OR:
                ok = out.type() == ColumnType.BOOLEAN || out.type() == ColumnType.NULL;
                break;
            case MIN:
            case MAX:
            case ANY_VALUE:
            case SINGLE_VALUE:
                requireSameFamily(call, arg);
                return;
            default:
                ok = isNumeric(out);
        }
        if (!ok) {
            throw bad(call, "cannot produce " + out + (arg == null ? "" : " from " + arg));
        }
    }

    /** Fails unless the result has {@code value}'s family (an untyped NULL fits anything). */
    private static void requireSameFamily(AggregateCall call, DataType value) {
        DataType out = call.outputType();
        boolean ok =
                value.type() == ColumnType.NULL
                        || out.type() == ColumnType.NULL
                        || (out.family() == value.family()
                                && out.type().isCollection() == value.type().isCollection());
        if (!ok) {
            throw bad(call, "cannot produce " + out + " from " + value);
        }
    }

    private static void require(AggregateCall call, boolean ok, DataType arg) {
        if (!ok) {
            throw bad(call, "does not accept " + arg);
        }
    }

    static IllegalArgumentException bad(AggregateCall call, String why) {
        return new IllegalArgumentException(call.kind() + " (" + call.name() + ") " + why);
    }

    /** Creates the accumulator of a (checked) call; GROUPING needs the set-id key column. */
    static Accumulator create(
            AggregateCall call,
            AggregateSpec spec,
            BlockLayout layout,
            OperatorMemory memory,
            KeyColumn setIds) {
        List<DataType> args = argTypes(call, spec);
        DataType arg = args.isEmpty() ? null : args.get(0);
        AggKind kind = call.kind();
        if (VALUE_LOG.contains(kind)) {
            return new ValueLogAccumulator(call, args, layout, memory);
        }
        if (CO_MOMENTS.contains(kind)) {
            return new CoMomentAccumulator(call, args.get(0), args.get(1), layout, memory);
        }
        switch (kind) {
            case COUNT:
                return new CountAccumulator(call, layout, memory);
            case SUM:
            case SUM0:
            case AVG:
                return new SumAccumulator(call, arg, layout, memory);
            case STDDEV_POP:
            case STDDEV_SAMP:
            case VAR_POP:
            case VAR_SAMP:
                return new VarianceAccumulator(call, arg, layout, memory);
            case BOOL_AND:
            case BOOL_OR:
            case BIT_AND:
            case BIT_OR:
            case BIT_XOR:
                return new BitwiseAccumulator(call, layout, memory);
            case MIN:
            case MAX:
            case ANY_VALUE:
            case SINGLE_VALUE:
                return arg.family() == ColumnType.Family.BYTES
                        ? new BytesValueAccumulator(call, arg, layout, memory)
                        : new FixedValueAccumulator(call, arg, layout, memory);
            case ARG_MIN:
            case ARG_MAX:
                return new ArgExtremeAccumulator(call, args.get(0), args.get(1), layout, memory);
            case LITERAL_AGG:
                return new LiteralAccumulator(call, layout, memory);
            case TOP_K:
                return new TopKAccumulator(call, args, layout, memory);
            case MEDIAN:
            case PERCENTILE_CONT:
                return new MedianAccumulator(call, arg, layout, memory);
            case GROUPING:
            case GROUPING_ID:
                return new GroupingAccumulator(
                        call, layout, memory, setIds, groupingValues(call, spec));
            default:
                throw new IllegalStateException("unhandled " + call.kind());
        }
    }

    private static List<DataType> argTypes(AggregateCall call, AggregateSpec spec) {
        return call.args().stream().map(a -> spec.inputTypes().get(a)).toList();
    }

    private static long[] groupingValues(AggregateCall call, AggregateSpec spec) {
        List<BitSet> sets = spec.groupingSets();
        long[] values = new long[sets.size()];
        List<Integer> args = call.args();
        for (int s = 0; s < sets.size(); s++) {
            long v = 0;
            for (int a : args) {
                v = (v << 1) | (sets.get(s).get(a) ? 0 : 1);
            }
            values[s] = v;
        }
        return values;
    }
}
