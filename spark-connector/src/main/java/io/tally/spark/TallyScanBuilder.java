package io.tally.spark;

import io.tally.batch.DataType;
import io.tally.exec.expr.Expr;
import io.tally.exec.expr.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Takes what Spark pushes: filters Tally can evaluate exactly (the rest stay in Spark), the columns
 * read, and a GROUP BY of columns with COUNT, SUM, MIN and MAX (partial: Spark merges the
 * partitions' groups). An aggregate Tally cannot run is refused with its reason, which the scan's
 * EXPLAIN line shows.
 */
final class TallyScanBuilder
        implements SupportsPushDownV2Filters,
                SupportsPushDownRequiredColumns,
                SupportsPushDownAggregates {
    private final TallyTable table;
    private final TallyOptions options;
    private final List<DataType> types;
    private final ExprTranslator translator;
    private final List<Predicate> pushed = new ArrayList<>();
    private Expr filter;
    private StructType required;
    private AggregateTranslator.Result aggregate;
    private String refusal;

    /** Why no filter is pushed (a column the batch kernels cannot carry), or null. */
    private final String filterRefusal;

    TallyScanBuilder(TallyTable table, TallyOptions options) {
        this.table = table;
        this.options = options;
        this.types = table.columnTypes();
        this.required = table.schema();
        Map<String, ExprTranslator.Column> columns = new LinkedHashMap<>();
        StructField[] fields = table.schema().fields();
        for (int i = 0; i < fields.length; i++) {
            columns.put(fields[i].name(), new ExprTranslator.Column(i, types.get(i)));
        }
        this.translator = new ExprTranslator(columns);
        String why = null;
        for (int i = 0; i < fields.length && why == null; i++) {
            why = ExprTranslator.unreadable(types.get(i), fields[i].name());
        }
        this.filterRefusal = why;
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        if (filterRefusal != null) {
            return predicates;
        }
        List<Predicate> rest = new ArrayList<>();
        for (Predicate p : predicates) {
            Expr e = translator.predicate(p);
            if (e == null) {
                rest.add(p);
            } else {
                pushed.add(p);
                filter = filter == null ? e : Expr.call(Op.AND, e.type(), filter, e);
            }
        }
        return rest.toArray(new Predicate[0]);
    }

    @Override
    public Predicate[] pushedPredicates() {
        return pushed.toArray(new Predicate[0]);
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        this.required = requiredSchema;
    }

    @Override
    public boolean pushAggregation(Aggregation aggregation) {
        if (!options.pushAggregates()) {
            refusal = TallyOptions.AGGREGATE + "=spark";
            return false;
        }
        AggregateTranslator.Result result = AggregateTranslator.translate(aggregation, translator);
        if (!result.pushed()) {
            refusal = result.refusal();
            return false;
        }
        try {
            ReadPlan.aggregate(table.schema(), types, result, filter, options);
        } catch (IllegalArgumentException e) {
            refusal = e.getMessage();
            return false;
        }
        aggregate = result;
        return true;
    }

    @Override
    public Scan build() {
        int files = table.files().size();
        StringBuilder text =
                new StringBuilder("tally [")
                        .append(files)
                        .append(files == 1 ? " file" : " files")
                        .append("] PushedFilters: ")
                        .append(
                                pushed.stream()
                                        .map(Predicate::describe)
                                        .collect(Collectors.joining(", ", "[", "]")));
        if (filterRefusal != null) {
            text.append(" (none pushed: ").append(filterRefusal).append(')');
        }
        if (aggregate != null) {
            ReadPlan plan = ReadPlan.aggregate(table.schema(), types, aggregate, filter, options);
            text.append(", PushedAggregation: ")
                    .append(
                            aggregate.calls().stream()
                                    .map(AggregateTranslator.Call::text)
                                    .collect(Collectors.joining(", ", "[", "]")))
                    .append(", PushedGroupBy: ")
                    .append(aggregate.keyNames())
                    .append(", Aggregate: Tally blocked hash table per partition (")
                    .append(options.describe())
                    .append(')');
            return new TallyScan(table.files(), plan, aggregateSchema(plan), text.toString());
        }
        text.append(", PushedAggregation: none");
        if (refusal != null) {
            text.append(" (").append(refusal).append(')');
        }
        int[] columns =
                Arrays.stream(required.fieldNames()).mapToInt(table.schema()::fieldIndex).toArray();
        ReadPlan plan = ReadPlan.scan(table.schema(), types, columns, filter, options);
        text.append(", ReadSchema: ").append(required.simpleString());
        return new TallyScan(table.files(), plan, required, text.toString());
    }

    /** Group columns under their names, then the calls named by their text. */
    private StructType aggregateSchema(ReadPlan plan) {
        List<StructField> fields = new ArrayList<>();
        List<DataType> out = plan.aggregate().outputTypes();
        for (int i = 0; i < out.size(); i++) {
            String name =
                    i < aggregate.keys().size()
                            ? aggregate.keyNames().get(i)
                            : aggregate.calls().get(i - aggregate.keys().size()).text();
            fields.add(
                    DataTypes.createStructField(
                            name, SparkTypes.sparkType(out.get(i), name), true));
        }
        return DataTypes.createStructType(fields);
    }
}
