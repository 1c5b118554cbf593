package io.tally.jdbc;

import io.tally.parser.SqlGroupByAll;
import io.tally.plan.AggregateValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.validate.SelectScope;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorNamespace;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's validator with what PostgreSQL and DuckDB users expect:
 *
 * <ul>
 *   <li>{@code GROUP BY ALL} groups by every select item without an aggregate or window function
 *       ({@code *} stands for each of its columns; bare literals are left out);
 *   <li>{@code date_trunc('month', ts)} ({@link DateTrunc}), where Calcite only knows BigQuery's
 *       {@code DATE_TRUNC(ts, MONTH)};
 *   <li>a bare {@code user} (or another function written without parentheses, such as {@code
 *       current_date}) names a column when one of that name is in scope, and the function
 *       otherwise.
 * </ul>
 */
final class TallySqlValidator extends AggregateValidator {
    TallySqlValidator(
            SqlOperatorTable opTab,
            SqlValidatorCatalogReader catalogReader,
            RelDataTypeFactory typeFactory,
            Config config) {
        super(opTab, catalogReader, typeFactory, config);
    }

    @Override
    protected SqlNode performUnconditionalRewrites(@Nullable SqlNode node, boolean underFrom) {
        return DateTrunc.rewrite(super.performUnconditionalRewrites(node, underFrom));
    }

    @Override
    protected void validateGroupClause(SqlSelect select) {
        if (SqlGroupByAll.isPlaceholder(select.getGroup())) {
            select.setGroupBy(
                    new SqlNodeList(groupByAllKeys(select), select.getGroup().getParserPosition()));
        }
        if (select.getGroup() != null) {
            SqlValidatorScope scope = getGroupScope(select);
            select.setGroupBy((SqlNodeList) preferColumns(select.getGroup(), scope));
        }
        super.validateGroupClause(select);
    }

    @Override
    protected void validateHavingClause(SqlSelect select) {
        if (select.getHaving() != null) {
            select.setHaving(preferColumns(select.getHaving(), getSelectScope(select)));
        }
        super.validateHavingClause(select);
    }

    @Override
    public SqlNode expand(SqlNode expr, SqlValidatorScope scope) {
        return super.expand(preferColumns(expr, scope), scope);
    }

    @Override
    public SqlNode expandSelectExpr(
            SqlNode expr, SelectScope scope, SqlSelect select, Map<String, SqlNode> expansions) {
        return super.expandSelectExpr(preferColumns(expr, scope), scope, select, expansions);
    }

    @Override
    public SqlNode expandOrderExpr(SqlSelect select, SqlNode orderExpr) {
        return super.expandOrderExpr(select, preferColumns(orderExpr, getOrderScope(select)));
    }

    /** The GROUP BY ALL keys: the select items without an aggregate or window function. */
    private List<SqlNode> groupByAllKeys(SqlSelect select) {
        List<SqlNode> keys = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            SqlNode expr = SqlUtil.stripAs(item);
            if (expr instanceof SqlIdentifier && ((SqlIdentifier) expr).isStar()) {
                keys.addAll(starColumns(select, (SqlIdentifier) expr));
            } else if (!(expr instanceof SqlLiteral) && !aggregatesOrWindows(expr)) {
                keys.add(expr.clone(expr.getParserPosition()));
            }
        }
        return keys;
    }

    /** The columns {@code *} or {@code t.*} stands for, each qualified by its table's alias. */
    private List<SqlNode> starColumns(SqlSelect select, SqlIdentifier star) {
        List<SqlNode> columns = new ArrayList<>();
        SelectScope scope = getRawSelectScope(select);
        if (scope == null) {
            return columns;
        }
        String only = star.names.size() > 1 ? star.names.get(star.names.size() - 2) : null;
        for (SqlValidatorNamespace child : scope.getChildren()) {
            SqlNode from = child.getEnclosingNode();
            String alias = from == null ? null : SqlValidatorUtil.getAlias(from, -1);
            if (only != null
                    && (alias == null || !getCatalogReader().nameMatcher().matches(only, alias))) {
                continue;
            }
            for (RelDataTypeField f : child.getRowType().getFieldList()) {
                columns.add(
                        new SqlIdentifier(
                                alias == null ? List.of(f.getName()) : List.of(alias, f.getName()),
                                star.getParserPosition()));
            }
        }
        return columns;
    }

    /** Whether an expression holds an aggregate call or a window ({@code OVER}). */
    private static boolean aggregatesOrWindows(SqlNode expr) {
        Boolean found =
                expr.accept(
                        new SqlBasicVisitor<Boolean>() {
                            @Override
                            public Boolean visit(SqlCall call) {
                                if (call.getOperator().isAggregator()
                                        || call.getKind() == SqlKind.OVER) {
                                    return true;
                                }
                                for (SqlNode operand : call.getOperandList()) {
                                    if (operand != null
                                            && Boolean.TRUE.equals(operand.accept(this))) {
                                        return true;
                                    }
                                }
                                return false;
                            }
                        });
        return Boolean.TRUE.equals(found);
    }

    /**
     * Marks as quoted each bare identifier that Calcite would take for a function without
     * parentheses ({@code user}, {@code current_date}) when a column of that name is in {@code
     * scope}: Calcite never takes a quoted identifier for a function, and with case-insensitive
     * names the quotes change nothing else. Sub-queries are left alone: they are expanded in their
     * own scope.
     */
    private SqlNode preferColumns(SqlNode expr, SqlValidatorScope scope) {
        return expr.accept(
                new SqlShuttle() {
                    @Override
                    public SqlNode visit(SqlIdentifier id) {
                        if (id.isSimple()
                                && !id.isComponentQuoted(0)
                                && makeNullaryCall(id) != null
                                && isColumn(scope, id)) {
                            return new SqlIdentifier(
                                    id.names,
                                    null,
                                    id.getParserPosition(),
                                    List.of(id.getParserPosition().withQuoting(true)));
                        }
                        return id;
                    }

                    @Override
                    public @Nullable SqlNode visit(SqlCall call) {
                        return call.getKind().belongsTo(SqlKind.QUERY) ? call : super.visit(call);
                    }
                });
    }

    private boolean isColumn(SqlValidatorScope scope, SqlIdentifier id) {
        try {
            return !scope.findQualifyingTableNames(
                            id.getSimple(), id, getCatalogReader().nameMatcher())
                    .isEmpty();
        } catch (RuntimeException e) {
            return false; // a scope that cannot answer: leave the identifier as Calcite reads it
        }
    }
}
