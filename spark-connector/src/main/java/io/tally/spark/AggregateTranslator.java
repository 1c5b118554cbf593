package io.tally.spark;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.expr.Expr;
import io.tally.exec.state.AggKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;

/**
 * Translates Spark's pushed {@link Aggregation} into the group keys and calls of a Tally aggregate
 * over table columns, or says why it stays in Spark. Keys must be plain columns; the functions
 * COUNT(*), COUNT, SUM, MIN and MAX without DISTINCT, over a column or a widening numeric cast of
 * one (Spark has already turned AVG into SUM and COUNT).
 *
 * <p>Result types are Spark's partial types, so its final aggregate reads them as they are: COUNT
 * BIGINT, SUM of an integer BIGINT, of REAL or DOUBLE DOUBLE, of DECIMAL(p, s) DECIMAL(min(38, p +
 * 10), s); MIN and MAX their argument's type.
 */
final class AggregateTranslator {
    /** Digits Spark adds to a DECIMAL SUM's precision (its {@code Sum.resultType}). */
    private static final int SUM_DECIMAL_EXTRA_DIGITS = 10;

    /** One translated call: function, argument (null for COUNT(*)), result type, Spark's text. */
    record Call(AggKind kind, Expr arg, DataType type, String text) {}

    /** The translation: key columns (table indexes) and calls, or the reason it failed. */
    record Result(
            List<ExprTranslator.Column> keys,
            List<String> keyNames,
            List<Call> calls,
            String refusal) {
        boolean pushed() {
            return refusal == null;
        }
    }

    private AggregateTranslator() {}

    static Result translate(Aggregation aggregation, ExprTranslator translator) {
        List<ExprTranslator.Column> keys = new ArrayList<>();
        List<String> keyNames = new ArrayList<>();
        for (Expression e : aggregation.groupByExpressions()) {
            ExprTranslator.Column c = translator.column(e);
            if (c == null) {
                return refused("group key " + e.describe() + " is not a column");
            }
            keys.add(c);
            keyNames.add(e.describe());
        }
        List<Call> calls = new ArrayList<>();
        for (AggregateFunc f : aggregation.aggregateExpressions()) {
            Call call = call(f, translator);
            if (call == null) {
                return refused(f.describe() + " is not COUNT, SUM, MIN or MAX of a column");
            }
            calls.add(call);
        }
        return new Result(keys, keyNames, calls, null);
    }

    private static Result refused(String why) {
        return new Result(List.of(), List.of(), List.of(), why);
    }

    private static Call call(AggregateFunc f, ExprTranslator translator) {
        DataType count = new DataType(ColumnType.BIGINT, 0, 0, false);
        if (f instanceof CountStar) {
            return new Call(AggKind.COUNT, null, count, f.describe());
        }
        if (f instanceof Count c && !c.isDistinct()) {
            Expr arg = translator.operand(c.column());
            return arg == null ? null : new Call(AggKind.COUNT, arg, count, f.describe());
        }
        if (f instanceof Sum s && !s.isDistinct()) {
            Expr arg = translator.operand(s.column());
            DataType type = arg == null ? null : sumType(arg.type());
            return type == null ? null : new Call(AggKind.SUM, arg, type, f.describe());
        }
        if (f instanceof Min m) {
            return sameType(AggKind.MIN, translator.operand(m.column()), f);
        }
        if (f instanceof Max m) {
            return sameType(AggKind.MAX, translator.operand(m.column()), f);
        }
        return null;
    }

    private static Call sameType(AggKind kind, Expr arg, AggregateFunc f) {
        if (arg == null
                || arg.type().type().isCollection()
                || arg.type().type() == ColumnType.VARBINARY) {
            return null;
        }
        return new Call(kind, arg, arg.type().withNullable(true), f.describe());
    }

    private static DataType sumType(DataType arg) {
        ColumnType t = arg.type();
        if (t.isInteger()) {
            return DataType.of(ColumnType.BIGINT);
        }
        if (t == ColumnType.REAL || t == ColumnType.DOUBLE) {
            return DataType.of(ColumnType.DOUBLE);
        }
        if (t == ColumnType.DECIMAL) {
            return DataType.decimal(
                    Math.min(
                            DataType.MAX_DECIMAL_PRECISION,
                            arg.precision() + SUM_DECIMAL_EXTRA_DIGITS),
                    arg.scale());
        }
        return null;
    }
}
