package io.tally.jdbc;

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
 * Calcite's statement preparation with Tally's rewrites of the logical plan before it is
 * optimized: {@code ABS} made overflow-checked ({@link CheckedArithmetic}).
 */
class TallyPreparingStmt extends CalcitePrepareImpl.CalcitePreparingStmt {
  TallyPreparingStmt(CalcitePrepareImpl prepare, CalcitePrepare.Context context,
      Prepare.CatalogReader catalogReader, RelDataTypeFactory typeFactory, CalciteSchema schema,
      EnumerableRel.Prefer prefer, RelOptCluster cluster, Convention resultConvention,
      SqlRexConvertletTable convertletTable) {
    super(prepare, context, catalogReader, typeFactory, schema, prefer, cluster,
        resultConvention, convertletTable);
  }

  @Override protected RelRoot optimize(RelRoot root, List<Materialization> materializations,
      List<CalciteSchema.LatticeEntry> lattices) {
    return super.optimize(root.withRel(CheckedArithmetic.checkAbs(root.rel)), materializations,
        lattices);
  }
}
