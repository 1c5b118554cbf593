package io.tally.plan;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.tools.Program;

/**
 * Tally's pass over the logical plan, before Calcite's standard program: it fixes shapes for which
 * Calcite's rewrites or operators give wrong answers, and refuses the one it cannot fix.
 *
 * <ul>
 *   <li>Window RANGE frames with offsets are rewritten ({@link RangeFrames}).
 *   <li>DECIMAL arithmetic whose exact result can exceed its 38-digit type is range-checked ({@link
 *       DecimalOverflow}).
 *   <li>An aggregate in a subquery whose arguments are only columns of an outer query is refused:
 *       SQL makes it an aggregate of the outer query, Calcite aggregates it per outer row.
 *   <li>Set-operation inputs whose column types differ from the result's are cast (Calcite's
 *       rewrite of duplicate grouping sets projects an INTEGER literal into a BIGINT GROUPING
 *       column: a ClassCastException when the row is read).
 *   <li>The fraction of PERCENTILE_CONT / PERCENTILE_DISC, a literal column of the input, becomes
 *       the call's constant ({@link AggregateCall#rexList}, as LITERAL_AGG's literal).
 * </ul>
 *
 * It walks every relational expression, also those inside subqueries.
 */
public final class PlanFixes implements Program {
    public static final PlanFixes INSTANCE = new PlanFixes();

    private PlanFixes() {}

    @Override
    public RelNode run(
            RelOptPlanner planner,
            RelNode rel,
            RelTraitSet requiredOutputTraits,
            List<RelOptMaterialization> materializations,
            List<RelOptLattice> lattices) {
        return fix(rel);
    }

    /** {@code rel} with every fix applied, inputs and subqueries first. */
    static RelNode fix(RelNode rel) {
        List<RelNode> inputs = new ArrayList<>();
        boolean changed = false;
        for (RelNode input : rel.getInputs()) {
            RelNode fixed = fix(input);
            changed |= fixed != input;
            inputs.add(fixed);
        }
        RelNode r = changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
        r = r.accept(new Expressions(r.getCluster().getRexBuilder()));
        if (r instanceof Aggregate) {
            r = aggregate((Aggregate) r);
        }
        if (r instanceof SetOp) {
            r = castInputs((SetOp) r);
        }
        return r;
    }

    /**
     * Fixes the expressions of one relational expression: subqueries, windows, DECIMAL arithmetic
     * that can exceed its type ({@link DecimalOverflow}).
     */
    private static final class Expressions extends RexShuttle {
        private final RexBuilder rex;
        private final RangeFrames frames;

        Expressions(RexBuilder rex) {
            this.rex = rex;
            this.frames = new RangeFrames(rex);
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery subQuery) {
            RexSubQuery visited = (RexSubQuery) super.visitSubQuery(subQuery);
            RelNode fixed = fix(visited.rel);
            return fixed == visited.rel ? visited : visited.clone(fixed);
        }

        @Override
        public RexNode visitCall(RexCall call) {
            RexNode visited = super.visitCall(call);
            return visited instanceof RexCall c && !(visited instanceof RexOver)
                    ? DecimalOverflow.wrap(rex, c)
                    : visited;
        }

        @Override
        public RexNode visitOver(RexOver over) {
            RexNode visited = super.visitOver(over);
            return visited instanceof RexOver ? frames.rewrite((RexOver) visited) : visited;
        }
    }

    /** Refuses outer-column aggregates and moves percentile fractions into their calls. */
    private static RelNode aggregate(Aggregate agg) {
        if (!(agg.getInput() instanceof Project)) {
            return agg;
        }
        List<RexNode> exprs = ((Project) agg.getInput()).getProjects();
        List<AggregateCall> calls = new ArrayList<>();
        boolean changed = false;
        for (AggregateCall call : agg.getAggCallList()) {
            checkNotOuterOnly(call, exprs);
            AggregateCall fixed = withConstantFraction(call, exprs);
            changed |= fixed != call;
            calls.add(fixed);
        }
        return changed
                ? agg.copy(
                        agg.getTraitSet(),
                        agg.getInput(),
                        agg.getGroupSet(),
                        agg.getGroupSets(),
                        calls)
                : agg;
    }

    /**
     * Fails if {@code call}'s arguments mention columns of an outer query (correlation variables)
     * and no column of their own query.
     */
    private static void checkNotOuterOnly(AggregateCall call, List<RexNode> exprs) {
        if (call.getArgList().isEmpty()) {
            return;
        }
        List<String> outer = new ArrayList<>();
        boolean local = false;
        for (int arg : call.getArgList()) {
            ColumnUse use = new ColumnUse();
            exprs.get(arg).accept(use);
            local |= use.local;
            outer.addAll(use.outer);
        }
        if (!local && !outer.isEmpty()) {
            throw new UnsupportedQueryException(
                    call.getAggregation().getName()
                            + " over "
                            + String.join(", ", outer)
                            + " in a subquery aggregates only columns of an outer"
                            + " query: SQL makes it an aggregate of that outer query, which Tally does not"
                            + " support (aggregate in the outer query instead)");
        }
    }

    /** Which columns an expression reads: its own input's, or outer queries' (by name). */
    private static final class ColumnUse extends RexVisitorImpl<Void> {
        boolean local;
        final List<String> outer = new ArrayList<>();

        ColumnUse() {
            super(true);
        }

        @Override
        public Void visitInputRef(RexInputRef ref) {
            local = true;
            return null;
        }

        @Override
        public Void visitFieldAccess(RexFieldAccess access) {
            if (access.getReferenceExpr() instanceof RexCorrelVariable) {
                outer.add(access.getField().getName());
                return null;
            }
            return super.visitFieldAccess(access);
        }
    }

    /** PERCENTILE_CONT/DISC with its fraction (a literal input column) as the call's constant. */
    private static AggregateCall withConstantFraction(AggregateCall call, List<RexNode> exprs) {
        SqlKind kind = call.getAggregation().getKind();
        if ((kind != SqlKind.PERCENTILE_CONT && kind != SqlKind.PERCENTILE_DISC)
                || call.getArgList().size() != 1
                || !call.rexList.isEmpty()
                || !(exprs.get(call.getArgList().get(0)) instanceof RexLiteral)) {
            return call;
        }
        RexLiteral fraction = (RexLiteral) exprs.get(call.getArgList().get(0));
        return AggregateCall.create(
                call.getParserPosition(),
                call.getAggregation(),
                call.isDistinct(),
                call.isApproximate(),
                call.ignoreNulls(),
                List.of(fraction),
                List.of(),
                call.filterArg,
                call.distinctKeys,
                call.collation,
                call.type,
                call.name);
    }

    /** {@code setOp} with every input cast to the result's column types where they differ. */
    private static RelNode castInputs(SetOp setOp) {
        RelDataType rowType = setOp.getRowType();
        List<RelNode> inputs = new ArrayList<>();
        boolean changed = false;
        for (RelNode input : setOp.getInputs()) {
            if (sameTypesSansNullability(input.getRowType(), rowType)) {
                inputs.add(input);
                continue;
            }
            List<RelDataType> types = new ArrayList<>();
            for (int i = 0; i < rowType.getFieldCount(); i++) {
                types.add(
                        input.getCluster()
                                .getTypeFactory()
                                .createTypeWithNullability(
                                        rowType.getFieldList().get(i).getType(),
                                        input.getRowType()
                                                .getFieldList()
                                                .get(i)
                                                .getType()
                                                .isNullable()));
            }
            RelDataType target =
                    input.getCluster()
                            .getTypeFactory()
                            .createStructType(types, input.getRowType().getFieldNames());
            inputs.add(RelOptUtil.createCastRel(input, target, false));
            changed = true;
        }
        return changed ? setOp.copy(setOp.getTraitSet(), inputs) : setOp;
    }

    private static boolean sameTypesSansNullability(RelDataType a, RelDataType b) {
        List<RelDataTypeField> fa = a.getFieldList();
        List<RelDataTypeField> fb = b.getFieldList();
        if (fa.size() != fb.size()) {
            return false;
        }
        for (int i = 0; i < fa.size(); i++) {
            if (!SqlTypeUtil.equalSansNullability(fa.get(i).getType(), fb.get(i).getType())) {
                return false;
            }
        }
        return true;
    }
}
