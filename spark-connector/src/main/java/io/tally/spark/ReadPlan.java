package io.tally.spark;

import io.tally.batch.BatchCursor;
import io.tally.batch.DataType;
import io.tally.exec.AggregateSpec;
import io.tally.exec.expr.BatchCalculator;
import io.tally.exec.expr.CalcCursor;
import io.tally.exec.expr.CalcProgram;
import io.tally.exec.expr.Expr;
import io.tally.exec.expr.Op;
import io.tally.exec.state.AggregateCall;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.spark.sql.types.StructType;

/**
 * What every task of one scan does, built on the driver and shipped to the executors: which table
 * columns to read, the Tally calc (pushed filter, aggregate argument expressions) run on each
 * batch, and either the columns Spark reads or the aggregate that folds the partition.
 *
 * @param table the table's Spark schema; each file must have it
 * @param read the table columns read from the files, in read order
 * @param calc filter and projections over the read columns, or null to pass batches on as read
 * @param calcNames output names of the calc's projections
 * @param visible how many leading columns of each batch Spark sees (a filter over no selected
 *     column still computes one)
 * @param aggregate the aggregate folding each partition over the (calc's) columns, or null
 * @param options the task options
 */
record ReadPlan(
        StructType table,
        int[] read,
        CalcProgram calc,
        List<String> calcNames,
        int visible,
        AggregateSpec aggregate,
        TallyOptions options)
        implements Serializable {

    /** A plain scan of table columns {@code columns}, keeping rows where {@code filter} holds. */
    static ReadPlan scan(
            StructType table,
            List<DataType> types,
            int[] columns,
            Expr filter,
            TallyOptions options) {
        List<Expr> outputs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int c : columns) {
            outputs.add(Expr.input(c, types.get(c)));
            names.add(table.fields()[c].name());
        }
        if (filter == null) {
            return new ReadPlan(table, columns.clone(), null, names, columns.length, null, options);
        }
        if (outputs.isEmpty()) {
            int any = inputs(filter).first();
            outputs.add(Expr.input(any, types.get(any)));
            names.add(table.fields()[any].name());
        }
        Remap remap = new Remap(filter, outputs);
        CalcProgram calc =
                new CalcProgram(remap.types(types), remap.apply(filter), remap.applyAll(outputs));
        return new ReadPlan(table, remap.read(), calc, names, columns.length, null, options);
    }

    /** A pushed aggregate: rows where {@code filter} holds, grouped as {@code agg} says. */
    static ReadPlan aggregate(
            StructType table,
            List<DataType> types,
            AggregateTranslator.Result agg,
            Expr filter,
            TallyOptions options) {
        List<Expr> exprs = new ArrayList<>();
        for (ExprTranslator.Column key : agg.keys()) {
            add(exprs, Expr.input(key.index(), key.type()));
        }
        for (AggregateTranslator.Call call : agg.calls()) {
            if (call.arg() != null) {
                add(exprs, call.arg());
            }
        }
        boolean plain = filter == null && exprs.stream().allMatch(e -> e.op() == Op.INPUT);
        Remap remap = new Remap(filter, exprs);
        List<Expr> projected = remap.applyAll(exprs);
        List<DataType> inputTypes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < projected.size(); i++) {
            inputTypes.add(projected.get(i).type());
            names.add("p" + i);
        }
        CalcProgram calc = null;
        List<Integer> position = new ArrayList<>();
        if (plain) {
            inputTypes = remap.types(types);
            for (Expr e : projected) {
                position.add((Integer) e.value());
            }
        } else {
            for (int i = 0; i < projected.size(); i++) {
                String why =
                        ExprTranslator.unreadable(
                                projected.get(i).type(), projected.get(i).toString());
                if (why != null) {
                    throw new IllegalArgumentException(why);
                }
            }
            calc =
                    new CalcProgram(
                            remap.types(types),
                            filter == null ? null : remap.apply(filter),
                            projected);
            for (int i = 0; i < projected.size(); i++) {
                position.add(i);
            }
        }
        List<Integer> keys = new ArrayList<>();
        for (int k = 0; k < agg.keys().size(); k++) {
            keys.add(position.get(k));
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateTranslator.Call call : agg.calls()) {
            List<Integer> args =
                    call.arg() == null
                            ? List.of()
                            : List.of(position.get(exprs.indexOf(call.arg())));
            calls.add(AggregateCall.of(call.kind(), args, call.type(), call.text()));
        }
        AggregateSpec spec = AggregateSpec.groupBy(inputTypes, keys, calls);
        return new ReadPlan(table, remap.read(), calc, names, 0, spec, options);
    }

    /** The batches of {@code cursor} (the columns {@link #read}) after the calc, if any. */
    BatchCursor withCalc(BatchCursor cursor, BufferAllocator allocator) {
        if (calc == null) {
            return cursor;
        }
        try {
            return new CalcCursor(cursor, new BatchCalculator(calc, calcNames, allocator, "calc"));
        } catch (RuntimeException e) {
            cursor.close();
            throw e;
        }
    }

    private static void add(List<Expr> exprs, Expr e) {
        if (!exprs.contains(e)) {
            exprs.add(e);
        }
    }

    /** The table columns an expression reads. */
    private static TreeSet<Integer> inputs(Expr e) {
        TreeSet<Integer> columns = new TreeSet<>();
        collect(e, columns);
        return columns;
    }

    private static void collect(Expr e, TreeSet<Integer> columns) {
        if (e.op() == Op.INPUT) {
            columns.add((Integer) e.value());
        }
        for (Expr a : e.args()) {
            collect(a, columns);
        }
    }

    /** Renumbers table columns to their positions among the columns read (sorted). */
    private static final class Remap {
        private final int[] read;

        Remap(Expr filter, List<Expr> exprs) {
            TreeSet<Integer> columns = new TreeSet<>();
            if (filter != null) {
                collect(filter, columns);
            }
            exprs.forEach(e -> collect(e, columns));
            read = columns.stream().mapToInt(Integer::intValue).toArray();
        }

        int[] read() {
            return read.clone();
        }

        List<DataType> types(List<DataType> table) {
            List<DataType> types = new ArrayList<>();
            for (int c : read) {
                types.add(table.get(c));
            }
            return types;
        }

        List<Expr> applyAll(List<Expr> exprs) {
            return exprs.stream().map(this::apply).toList();
        }

        Expr apply(Expr e) {
            if (e.op() == Op.INPUT) {
                return Expr.input(Arrays.binarySearch(read, (Integer) e.value()), e.type());
            }
            return new Expr(e.op(), e.type(), applyAll(e.args()), e.value());
        }
    }
}
