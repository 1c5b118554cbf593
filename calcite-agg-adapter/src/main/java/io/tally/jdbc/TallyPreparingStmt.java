package io.tally.jdbc;

import io.tally.plan.HeapOperators;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Calcite's statement preparation with Tally's rewrites: before optimization {@code ABS} is made
 * overflow-checked ({@link CheckedArithmetic}); before code generation the inputs of Calcite's
 * heap operators are counted against the query's memory ({@link HeapOperators}).
 */
class TallyPreparingStmt extends CalcitePrepareImpl.CalcitePreparingStmt {
  TallyPreparingStmt(CalcitePrepareImpl prepare, CalcitePrepare.Context context,
      Prepare.CatalogReader catalogReader, RelDataTypeFactory typeFactory, CalciteSchema schema,
      EnumerableRel.Prefer prefer, RelOptCluster cluster, Convention resultConvention,
      SqlRexConvertletTable convertletTable) {
    super(prepare, context, catalogReader, typeFactory, schema, prefer, cluster,
        resultConvention, convertletTable);
  }

  /** Implements the plan with the inputs Calcite's heap operators keep counted. */
  @Override protected PreparedResult implement(RelRoot root) {
    return super.implement(root.withRel(HeapOperators.budget(root.rel)));
  }

  @Override protected RelRoot optimize(RelRoot root, List<Materialization> materializations,
      List<CalciteSchema.LatticeEntry> lattices) {
    return super.optimize(root.withRel(CheckedArithmetic.checkAbs(root.rel)), materializations,
        lattices);
  }
}
