package io.tally.plan;

import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexPermuteInputsShuttle;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Pushes a projection into a {@link TallyTableScan}. A Project of distinct plain column references
 * becomes a scan of exactly those columns, in that order; any other Project keeps its expressions
 * over a scan of just the columns they use (the first column if they use none, as a scan produces
 * at least one).
 */
public final class TallyProjectScanRule extends RelRule<TallyRuleConfig<TallyProjectScanRule>> {
    TallyProjectScanRule(TallyRuleConfig<TallyProjectScanRule> config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Project project = call.rel(0);
        TallyTableScan scan = call.rel(1);
        int[] scanFields = scan.fields();
        int[] refs = plainDistinctRefs(project.getProjects());
        if (refs != null) {
            call.transformTo(scan.withFields(map(scanFields, refs)));
            return;
        }
        ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
        int[] kept = used.isEmpty() ? new int[] {0} : used.toArray();
        if (kept.length == scanFields.length) {
            return;
        }
        TallyTableScan narrow = scan.withFields(map(scanFields, kept));
        Mapping mapping =
                Mappings.create(MappingType.INVERSE_SURJECTION, scanFields.length, kept.length);
        for (int i = 0; i < kept.length; i++) {
            mapping.set(kept[i], i);
        }
        List<RexNode> projects =
                RexPermuteInputsShuttle.of(mapping).visitList(project.getProjects());
        call.transformTo(
                project.copy(project.getTraitSet(), narrow, projects, project.getRowType()));
    }

    /** The input indexes if every expression is a column reference and none repeats. */
    private static int[] plainDistinctRefs(List<RexNode> projects) {
        int[] refs = new int[projects.size()];
        ImmutableBitSet.Builder seen = ImmutableBitSet.builder();
        for (int i = 0; i < refs.length; i++) {
            if (!(projects.get(i) instanceof RexInputRef ref) || seen.get(ref.getIndex())) {
                return null;
            }
            seen.set(ref.getIndex());
            refs[i] = ref.getIndex();
        }
        return refs;
    }

    private static int[] map(int[] scanFields, int[] positions) {
        int[] result = new int[positions.length];
        for (int i = 0; i < positions.length; i++) {
            result[i] = scanFields[positions[i]];
        }
        return result;
    }

    /** Rule configuration: operands Project over TallyTableScan. */
    public static final TallyRuleConfig<TallyProjectScanRule> DEFAULT =
            TallyRuleConfig.of(
                    "TallyProjectScanRule",
                    b0 ->
                            b0.operand(Project.class)
                                    .oneInput(b1 -> b1.operand(TallyTableScan.class).noInputs()),
                    TallyProjectScanRule::new);
}
