package io.tally.jdbc;

import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Calcite's statement preparation with Tally's validator ({@link TallySqlValidator}), set up
 * as Calcite sets up its own: the connection's function libraries and the schema's functions,
 * its conformance and NULL collation, identifiers expanded.
 */
class TallyPreparingStmt extends CalcitePrepareImpl.CalcitePreparingStmt {
  TallyPreparingStmt(CalcitePrepareImpl prepare, CalcitePrepare.Context context,
      Prepare.CatalogReader catalogReader, RelDataTypeFactory typeFactory, CalciteSchema schema,
      EnumerableRel.Prefer prefer, RelOptCluster cluster, SqlRexConvertletTable convertletTable) {
    super(prepare, context, catalogReader, typeFactory, schema, prefer, cluster,
        EnumerableConvention.INSTANCE, convertletTable);
  }

  @Override protected SqlValidator createSqlValidator(Prepare.CatalogReader catalogReader,
      UnaryOperator<SqlValidator.Config> configTransform) {
    CalciteConnectionConfig config = context.config();
    SqlOperatorTable functions = SqlOperatorTables.chain(List.of(
        config.fun(SqlOperatorTable.class, SqlStdOperatorTable.instance()), catalogReader));
    SqlValidator.Config validatorConfig = configTransform.apply(SqlValidator.Config.DEFAULT
        .withLenientOperatorLookup(config.lenientOperatorLookup())
        .withConformance(config.conformance())
        .withDefaultNullCollation(config.defaultNullCollation())
        .withIdentifierExpansion(true));
    return new TallySqlValidator(functions, catalogReader, typeFactory, validatorConfig);
  }
}
