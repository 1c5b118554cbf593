package io.tally.jdbc;

import io.tally.catalog.TallyTable;
import io.tally.plan.AggregateValidator;
import io.tally.plan.HeapOperators;
import io.tally.plan.PlanFixes;
import io.tally.plan.TallyOperatorTable;
import io.tally.schema.PlanDependencies;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.tools.Program;
import org.apache.calcite.tools.Programs;

/**
 * How Tally prepares a query: Calcite's preparation with Tally's operators first in the chain and
 * Tally's validator ({@link TallySqlValidator}, over {@link AggregateValidator}), Tally's logical
 * fixes ({@link PlanFixes}) before Calcite's standard program, {@code ABS} made overflow-checked
 * before optimization ({@link CheckedArithmetic}), and the inputs of Calcite's heap operators
 * counted against the query's memory before code generation ({@link HeapOperators}).
 */
class TallyPreparingStmt extends CalcitePrepareImpl.CalcitePreparingStmt {
    private final CalcitePrepare.Context context;

    TallyPreparingStmt(
            CalcitePrepareImpl prepare,
            CalcitePrepare.Context context,
            Prepare.CatalogReader catalogReader,
            RelDataTypeFactory typeFactory,
            CalciteSchema schema,
            EnumerableRel.Prefer prefer,
            RelOptCluster cluster,
            SqlRexConvertletTable convertletTable) {
        super(
                prepare,
                context,
                catalogReader,
                typeFactory,
                schema,
                prefer,
                cluster,
                EnumerableConvention.INSTANCE,
                convertletTable);
        this.context = context;
    }

    /**
     * As Calcite's, with {@link TallyOperatorTable} ahead of the configured libraries, whose
     * operators with a wrong result type it replaces.
     */
    @Override
    protected SqlValidator createSqlValidator(
            Prepare.CatalogReader catalogReader,
            UnaryOperator<SqlValidator.Config> configTransform) {
        CalciteConnectionConfig config = context.config();
        SqlOperatorTable operators =
                SqlOperatorTables.chain(
                        TallyOperatorTable.INSTANCE,
                        TallyOperatorTable.replacing(
                                config.fun(SqlOperatorTable.class, SqlStdOperatorTable.instance())),
                        catalogReader);
        SqlValidator.Config validatorConfig =
                configTransform.apply(
                        SqlValidator.Config.DEFAULT
                                .withLenientOperatorLookup(config.lenientOperatorLookup())
                                .withConformance(config.conformance())
                                .withDefaultNullCollation(config.defaultNullCollation())
                                .withIdentifierExpansion(true));
        return new TallySqlValidator(
                operators, catalogReader, context.getTypeFactory(), validatorConfig);
    }

    /** Tally's fixes of the logical plan, then Calcite's program. */
    @Override
    protected Program getProgram() {
        return Programs.sequence(PlanFixes.INSTANCE, super.getProgram());
    }

    /**
     * Implements the plan with the inputs Calcite's heap operators keep counted; a plan that reads
     * anything but Tally's tables is not cached ({@link PlanDependencies#refuse}).
     */
    @Override
    protected PreparedResult implement(RelRoot root) {
        if (!readsOnlyTallyTables(root.rel)) {
            PlanDependencies.refuse();
        }
        return super.implement(root.withRel(HeapOperators.budget(root.rel)));
    }

    /**
     * Whether every table {@code rel} reads is a {@link TallyTable}, whose lookups {@link
     * PlanDependencies} records (not a system table, another adapter's table or a table function).
     */
    static boolean readsOnlyTallyTables(RelNode rel) {
        if (rel instanceof TableFunctionScan) {
            return false;
        }
        RelOptTable table = rel.getTable();
        if (table != null && table.unwrap(TallyTable.class) == null) {
            return false;
        }
        for (RelNode input : rel.getInputs()) {
            if (!readsOnlyTallyTables(input)) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected RelRoot optimize(
            RelRoot root,
            List<Materialization> materializations,
            List<CalciteSchema.LatticeEntry> lattices) {
        return super.optimize(
                root.withRel(CheckedArithmetic.checkAbs(root.rel)), materializations, lattices);
    }
}
