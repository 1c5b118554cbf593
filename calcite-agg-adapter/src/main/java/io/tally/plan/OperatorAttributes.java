package io.tally.plan;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.externalize.RelWriterImpl;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.util.Pair;
import org.apache.calcite.util.Util;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Describes an operator for {@code EXPLAIN ANALYZE}: its name and its attributes (what it computes)
 * with column references ({@code $3}) replaced by input column names. Aggregates (with the path
 * their input takes, {@link InputPath}), table scans and calcs get tailored attributes; other
 * operators show the terms of Calcite's EXPLAIN.
 */
final class OperatorAttributes {
    private static final Pattern INPUT_REF = Pattern.compile("\\$(\\d+)");

    private OperatorAttributes() {}

    static String name(RelNode rel) {
        return rel.getRelTypeName();
    }

    static Map<String, String> of(RelNode rel) {
        Map<String, String> attributes = new LinkedHashMap<>();
        List<String> inputNames = inputNames(rel);
        if (rel instanceof Aggregate) {
            Aggregate agg = (Aggregate) rel;
            attributes.put(
                    "group by",
                    agg.getGroupSet().asList().stream()
                            .map(inputNames::get)
                            .collect(Collectors.toList())
                            .toString());
            if (agg.getGroupType() != Aggregate.Group.SIMPLE) {
                attributes.put(
                        "grouping sets",
                        agg.getGroupSets().stream()
                                .map(
                                        s ->
                                                s.asList().stream()
                                                        .map(inputNames::get)
                                                        .collect(Collectors.toList())
                                                        .toString())
                                .collect(Collectors.joining(", ", "[", "]")));
            }
            attributes.put(
                    "aggregates",
                    agg.getAggCallList().stream()
                            .map(c -> call(c, inputNames))
                            .collect(Collectors.toList())
                            .toString());
            if (agg instanceof EnumerableBlockedAggregate blocked) {
                attributes.put("input", blocked.inputPath());
            }
            return attributes;
        }
        if (rel instanceof TableScan) {
            attributes.put("table", Util.last(rel.getTable().getQualifiedName()));
        }
        if (rel instanceof Calc) { // EnumerableCalc and the vectorized TallyBatchCalc
            RexProgram program = ((Calc) rel).getProgram();
            if (program.getCondition() != null) {
                attributes.put(
                        "filter",
                        names(
                                program.expandLocalRef(program.getCondition()).toString(),
                                inputNames));
            }
            List<String> projects = new ArrayList<>();
            List<String> outNames = rel.getRowType().getFieldNames();
            for (int i = 0; i < program.getProjectList().size(); i++) {
                RexNode e = program.expandLocalRef(program.getProjectList().get(i));
                projects.add(outNames.get(i) + "=" + names(e.toString(), inputNames));
            }
            attributes.put("project", projects.toString());
            return attributes;
        }
        for (Pair<String, @Nullable Object> term : terms(rel)) {
            if (!(term.right instanceof RelNode) && !term.left.equals("table")) {
                attributes.put(term.left, names(String.valueOf(term.right), inputNames));
            }
        }
        return attributes;
    }

    /** {@code SUM(v)}, {@code COUNT(DISTINCT k) FILTER(f)}. */
    private static String call(AggregateCall call, List<String> inputNames) {
        String args =
                call.getArgList().stream().map(inputNames::get).collect(Collectors.joining(", "));
        return call.getAggregation().getName()
                + "("
                + (call.isDistinct() ? "DISTINCT " : "")
                + args
                + ")"
                + (call.filterArg >= 0 ? " FILTER(" + inputNames.get(call.filterArg) + ")" : "");
    }

    /** The input columns an expression's {@code $n} can refer to (all inputs, concatenated). */
    private static List<String> inputNames(RelNode rel) {
        List<String> names = new ArrayList<>();
        for (RelNode input : rel.getInputs()) {
            names.addAll(input.getRowType().getFieldNames());
        }
        return names;
    }

    /** {@code text} with each {@code $n} replaced by input column {@code n}'s name. */
    static String names(String text, List<String> inputNames) {
        Matcher m = INPUT_REF.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            int i = Integer.parseInt(m.group(1));
            m.appendReplacement(
                    out,
                    Matcher.quoteReplacement(
                            i < inputNames.size() ? inputNames.get(i) : m.group()));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The terms {@code rel} writes for EXPLAIN, without descending into its inputs. */
    private static List<Pair<String, @Nullable Object>> terms(RelNode rel) {
        List<Pair<String, @Nullable Object>> terms = new ArrayList<>();
        rel.explain(
                new RelWriterImpl(
                        new PrintWriter(new StringWriter()),
                        SqlExplainLevel.EXPPLAN_ATTRIBUTES,
                        false) {
                    @Override
                    protected void explain_(
                            RelNode node, List<Pair<String, @Nullable Object>> values) {
                        terms.addAll(values);
                    }
                });
        return terms;
    }
}
