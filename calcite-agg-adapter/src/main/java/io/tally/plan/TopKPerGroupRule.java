package io.tally.plan;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import io.tally.exec.state.TopKOrder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.Sarg;

/**
 * Plans {@code Filter(rn <= k) over [Project over] Window(ROW_NUMBER() OVER (PARTITION BY … ORDER
 * BY …) AS rn)} as an {@link EnumerableTopKPerGroup} (DuckDB's "top-N window elimination"): the
 * filter must bound rn by a literal between 1 and {@link TopKOrder#MAX_LIMIT} ({@code rn <= k},
 * {@code rn < k}, {@code rn = 1}, or mirrored), the window must compute only that ROW_NUMBER, and
 * rn may otherwise only be projected (then the operator emits it too).
 */
public final class TopKPerGroupRule extends RelRule<TallyRuleConfig<TopKPerGroupRule>> {
    /** Filter over Project over Window. */
    static final TallyRuleConfig<TopKPerGroupRule> WITH_PROJECT =
            TallyRuleConfig.of(
                    "TopKPerGroupRule(Project)",
                    b ->
                            b.operand(LogicalFilter.class)
                                    .oneInput(
                                            p ->
                                                    p.operand(LogicalProject.class)
                                                            .oneInput(
                                                                    w ->
                                                                            w.operand(
                                                                                            LogicalWindow
                                                                                                    .class)
                                                                                    .anyInputs())),
                    TopKPerGroupRule::new);

    /** Filter directly over Window. */
    static final TallyRuleConfig<TopKPerGroupRule> DIRECT =
            TallyRuleConfig.of(
                    "TopKPerGroupRule",
                    b ->
                            b.operand(LogicalFilter.class)
                                    .oneInput(w -> w.operand(LogicalWindow.class).anyInputs()),
                    TopKPerGroupRule::new);

    private TopKPerGroupRule(TallyRuleConfig<TopKPerGroupRule> config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalFilter filter = call.rel(0);
        LogicalProject project = call.rels.length == 3 ? call.rel(1) : null;
        LogicalWindow window = call.rel(call.rels.length - 1);
        int rnField = window.getInput().getRowType().getFieldCount();
        if (!isSingleRowNumber(window) || !supportedTypes(window)) {
            return;
        }
        // rn as the filter sees it: the projection's fields that are rn, or the window's field
        List<Integer> rnRefs = new ArrayList<>();
        if (project == null) {
            rnRefs.add(rnField);
        } else {
            for (int i = 0; i < project.getProjects().size(); i++) {
                RexNode e = project.getProjects().get(i);
                if (e instanceof RexInputRef && ((RexInputRef) e).getIndex() == rnField) {
                    rnRefs.add(i);
                } else if (usesField(e, rnField)) {
                    return;
                }
            }
        }
        int limit = 0;
        RexNode rnBound = null;
        List<RexNode> rest = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(filter.getCondition())) {
            int k = limit == 0 ? bound(c, rnRefs) : 0;
            if (k > 0) {
                limit = k;
                rnBound = c;
            } else if (rnRefs.stream().anyMatch(r -> usesField(c, r))) {
                return;
            } else {
                rest.add(c);
            }
        }
        if (limit < 1 || limit > TopKOrder.MAX_LIMIT) {
            return;
        }
        boolean rnProjected = project != null && !rnRefs.isEmpty();
        Window.Group group = window.groups.get(0);
        Double selectivity = call.getMetadataQuery().getSelectivity(filter.getInput(), rnBound);
        RelNode topK =
                EnumerableTopKPerGroup.create(
                        window.getInput(),
                        group.keys,
                        group.orderKeys,
                        limit,
                        project == null || rnProjected,
                        selectivity == null ? 1 : selectivity,
                        PlanOptions.of(call.getPlanner()).vectorize());
        RelBuilder b = call.builder().push(topK);
        if (project != null) {
            b.project(project.getProjects(), project.getRowType().getFieldNames(), true);
        }
        call.transformTo(b.filter(rest).build());
    }

    private static boolean isSingleRowNumber(Window window) {
        if (window.groups.size() != 1 || !window.constants.isEmpty()) {
            return false;
        }
        Window.Group g = window.groups.get(0);
        return g.aggCalls.size() == 1
                && g.aggCalls.get(0).getOperator().getKind() == SqlKind.ROW_NUMBER
                && !g.orderKeys.getFieldCollations().isEmpty();
    }

    /** Whether the runtime holds every input column and can order by the sort columns. */
    private static boolean supportedTypes(Window window) {
        List<RelDataTypeField> fields = window.getInput().getRowType().getFieldList();
        try {
            for (RelDataTypeField f : fields) {
                ExecTypes.of(f.getType(), f.getName());
            }
        } catch (RuntimeException e) {
            return false;
        }
        for (RelFieldCollation fc : window.groups.get(0).orderKeys.getFieldCollations()) {
            RelDataTypeField f = fields.get(fc.getFieldIndex());
            if (ExecTypes.of(f.getType(), f.getName()).type().isCollection()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The k that conjunct {@code c} bounds rn by ({@code rn <= k}, {@code rn < k + 1}, {@code rn =
     * 1}, or the mirrored forms), or 0 if it is not such a bound.
     */
    private static int bound(RexNode c, List<Integer> rnRefs) {
        if (!(c instanceof RexCall)) {
            return 0;
        }
        RexCall rc = (RexCall) c;
        if (rc.getOperands().size() != 2) {
            return 0;
        }
        SqlKind kind = rc.getKind();
        RexNode left = rc.getOperands().get(0);
        RexNode right = rc.getOperands().get(1);
        if (isRn(right, rnRefs) && right != left) {
            kind = kind.reverse();
            RexNode t = left;
            left = right;
            right = t;
        }
        if (!isRn(left, rnRefs) || !(right instanceof RexLiteral)) {
            return 0;
        }
        if (kind == SqlKind.SEARCH) {
            return searchBound((RexLiteral) right);
        }
        if (!SqlTypeUtil.isExactNumeric(right.getType())) {
            return 0;
        }
        BigDecimal v = ((RexLiteral) right).getValueAs(BigDecimal.class);
        if (v == null
                || v.stripTrailingZeros().scale() > 0
                || v.compareTo(BigDecimal.valueOf(TopKOrder.MAX_LIMIT + 1L)) > 0) {
            return 0;
        }
        long k;
        switch (kind) {
            case LESS_THAN_OR_EQUAL:
                k = v.longValue();
                break;
            case LESS_THAN:
                k = v.longValue() - 1;
                break;
            case EQUALS:
                k = v.longValue() == 1 ? 1 : 0;
                break;
            default:
                return 0;
        }
        return k < 1 || k > TopKOrder.MAX_LIMIT ? 0 : (int) k;
    }

    /**
     * The k of {@code SEARCH(rn, sarg)} when the sarg is one range whose lower end does not exclude
     * 1 (rn is at least 1) and whose upper end is an integer; otherwise 0.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static int searchBound(RexLiteral literal) {
        Sarg sarg = literal.getValueAs(Sarg.class);
        if (sarg == null || sarg.rangeSet.asRanges().size() != 1) {
            return 0;
        }
        Range<?> r = (Range<?>) sarg.rangeSet.asRanges().iterator().next();
        if (!r.hasUpperBound() || !(r.upperEndpoint() instanceof BigDecimal)) {
            return 0;
        }
        if (r.hasLowerBound()) {
            int low = ((BigDecimal) r.lowerEndpoint()).compareTo(BigDecimal.ONE);
            if (low > 0 || low == 0 && r.lowerBoundType() == BoundType.OPEN) {
                return 0;
            }
        }
        BigDecimal upper = (BigDecimal) r.upperEndpoint();
        if (upper.stripTrailingZeros().scale() > 0
                || upper.compareTo(BigDecimal.valueOf(TopKOrder.MAX_LIMIT + 1L)) > 0) {
            return 0;
        }
        long k = upper.longValue() - (r.upperBoundType() == BoundType.OPEN ? 1 : 0);
        return k < 1 || k > TopKOrder.MAX_LIMIT ? 0 : (int) k;
    }

    private static boolean isRn(RexNode e, List<Integer> rnRefs) {
        return e instanceof RexInputRef && rnRefs.contains(((RexInputRef) e).getIndex());
    }

    private static boolean usesField(RexNode e, int field) {
        return RelOptUtil.InputFinder.bits(e).get(field);
    }
}
