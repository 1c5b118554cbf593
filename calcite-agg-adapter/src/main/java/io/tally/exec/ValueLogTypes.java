package io.tally.exec;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.TopKOrder;
import java.util.List;

/**
 * Checks the argument and result types of a {@link ValueLogAccumulator} call: its own arguments
 * first (LISTAGG: text and an optional text separator; JSON_OBJECTAGG: a text key and a value;
 * FUSION and INTERSECTION: a MULTISET; ARRAY_CONCAT_AGG: an ARRAY; the others one value), then any
 * WITHIN GROUP columns, which must be comparable (not collections).
 */
final class ValueLogTypes {
    private ValueLogTypes() {}

    static void check(AggregateCall call, List<DataType> args) {
        if (args.isEmpty()) {
            throw Accumulators.bad(call, "takes an argument");
        }
        for (TopKOrder.SortKey key : call.options().order()) {
            if (args.get(key.arg()).type().isCollection()) {
                throw Accumulators.bad(call, "cannot order by " + args.get(key.arg()));
            }
        }
        DataType value = args.get(0);
        DataType out = call.outputType();
        switch (call.kind()) {
            case LISTAGG:
                int own = call.options().ownArguments(args.size());
                require(
                        call,
                        isText(value)
                                && (own < 2 || isText(args.get(1)))
                                && own <= 2
                                && isText(out),
                        "takes text and an optional text separator, giving text");
                return;
            case JSON_ARRAYAGG:
                require(call, isText(out), "gives text");
                return;
            case JSON_OBJECTAGG:
                require(
                        call,
                        args.size() >= 2 && isText(value) && isText(out),
                        "takes a text key and a value, giving text");
                return;
            case ARRAY_AGG:
                collection(call, value, ColumnType.ARRAY);
                return;
            case COLLECT:
                collection(call, value, ColumnType.MULTISET);
                return;
            case FUSION:
            case INTERSECTION:
            case ARRAY_CONCAT_AGG:
                ColumnType c =
                        call.kind() == AggKind.ARRAY_CONCAT_AGG
                                ? ColumnType.ARRAY
                                : ColumnType.MULTISET;
                require(
                        call,
                        value.type() == c
                                && out.type() == c
                                && out.element().family() == value.element().family(),
                        "takes and gives a " + c);
                return;
            case PERCENTILE_DISC:
                Accumulators.checkFraction(call);
            // fall through: the result is a value of the argument
            case MODE:
                require(
                        call,
                        !value.type().isCollection()
                                && (out.family() == value.family()
                                        || value.type() == ColumnType.NULL),
                        "gives a value of its argument's type");
                return;
            default:
                throw new IllegalStateException("not a value-log function: " + call.kind());
        }
    }

    /** An ARRAY_AGG / COLLECT of {@code value}: a collection {@code c} of its type. */
    private static void collection(AggregateCall call, DataType value, ColumnType c) {
        DataType out = call.outputType();
        require(
                call,
                !value.type().isCollection()
                        && out.type() == c
                        && (out.element().family() == value.family()
                                || value.type() == ColumnType.NULL),
                "takes a value giving a " + c + " of its type, not " + value + " giving " + out);
    }

    private static boolean isText(DataType t) {
        return t.type() == ColumnType.VARCHAR
                || t.type() == ColumnType.CHAR
                || t.type() == ColumnType.NULL;
    }

    private static void require(AggregateCall call, boolean ok, String why) {
        if (!ok) {
            throw Accumulators.bad(call, why);
        }
    }
}
