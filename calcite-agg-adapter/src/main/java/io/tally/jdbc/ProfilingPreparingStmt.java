package io.tally.jdbc;

import io.tally.plan.Profiler;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.util.Pair;

/**
 * Prepares the query inside {@code EXPLAIN ANALYZE}: planned as usual, then, just before code
 * generation, every operator is wrapped for profiling ({@link Profiler}) and the description of the
 * operators is handed to {@code planSink}. Used only for EXPLAIN ANALYZE statements.
 */
final class ProfilingPreparingStmt extends TallyPreparingStmt {
    private final Consumer<Profiler.Profiled> planSink;

    ProfilingPreparingStmt(
            CalcitePrepareImpl prepare,
            CalcitePrepare.Context context,
            Prepare.CatalogReader catalogReader,
            RelDataTypeFactory typeFactory,
            CalciteSchema schema,
            EnumerableRel.Prefer prefer,
            RelOptCluster cluster,
            SqlRexConvertletTable convertletTable,
            Consumer<Profiler.Profiled> planSink) {
        super(
                prepare,
                context,
                catalogReader,
                typeFactory,
                schema,
                prefer,
                cluster,
                convertletTable);
        this.planSink = planSink;
    }

    @Override
    protected PreparedResult implement(RelRoot root) {
        RelRoot projected = root;
        if (!root.isRefTrivial()) {
            // the final projection Calcite would add during implementation, made explicit so it is
            // profiled like every other operator
            EnumerableRel rel = (EnumerableRel) root.rel;
            RexBuilder rexBuilder = rel.getCluster().getRexBuilder();
            List<RexNode> projects = new ArrayList<>();
            for (int field : Pair.left(root.fields)) {
                projects.add(rexBuilder.makeInputRef(rel, field));
            }
            RexProgram program =
                    RexProgram.create(
                            rel.getRowType(), projects, null, root.validatedRowType, rexBuilder);
            projected =
                    RelRoot.of(
                                    EnumerableCalc.create(rel, program),
                                    root.validatedRowType,
                                    root.kind)
                            .withCollation(root.collation);
        }
        Profiler.Profiled profiled = Profiler.wrap((EnumerableRel) projected.rel);
        planSink.accept(profiled);
        return super.implement(projected.withRel(profiled.rel()));
    }
}
