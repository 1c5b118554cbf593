package io.tally.jdbc;

import java.sql.SQLException;
import org.apache.calcite.plan.RelOptCostFactory;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSetOption;
import org.apache.calcite.util.NlsString;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Tally's statement preparation: Calcite's, plus Tally's planner rules (chosen from the
 * connection's settings) and {@code SET}/{@code RESET} of Tally settings.
 */
public class TallyPrepare extends CalcitePrepareImpl {
  @Override protected RelOptPlanner createPlanner(CalcitePrepare.Context prepareContext,
      org.apache.calcite.plan.@Nullable Context externalContext, @Nullable RelOptCostFactory costFactory) {
    RelOptPlanner planner = super.createPlanner(prepareContext, externalContext, costFactory);
    TallySession session = TallySession.find(
        prepareContext.getDataContext().getQueryProvider());
    if (session != null) {
      TallyPlannerSetup.configure(planner, session.settings());
    }
    return planner;
  }

  @Override public void executeDdl(CalcitePrepare.Context context, SqlNode node) {
    if (node instanceof SqlSetOption) {
      SqlSetOption set = (SqlSetOption) node;
      TallySession session = TallySession.of(context.getDataContext().getQueryProvider());
      try {
        session.apply(String.join(".", set.getName().names), valueText(set.getValue()));
      } catch (SQLException e) {
        throw new RuntimeException(e.getMessage(), e);
      }
      return;
    }
    super.executeDdl(context, node);
  }

  /** The text of a SET value: identifier, string, number or boolean; null for RESET. */
  private static String valueText(@Nullable SqlNode value) {
    if (value == null) {
      return null;
    }
    if (value instanceof SqlIdentifier) {
      return String.join(".", ((SqlIdentifier) value).names);
    }
    if (value instanceof SqlLiteral) {
      Object v = ((SqlLiteral) value).getValue();
      return v instanceof NlsString ? ((NlsString) v).getValue() : ((SqlLiteral) value).toValue();
    }
    return value.toString();
  }
}
