package io.tally.jdbc;

import static org.apache.calcite.util.Static.RESOURCE;

import io.tally.parser.SqlDescribeQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlDescribeSchema;
import org.apache.calcite.sql.SqlDescribeTable;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.SqlParserUtil;

/**
 * Answers {@code DESCRIBE}, as DuckDB does, with a query over a {@code VALUES} list (as {@link
 * ShowStatements} answers SHOW): for a table or a query, one row per result column ({@code
 * column_name}, {@code column_type}, {@code null}: YES or NO); for {@code DESCRIBE SCHEMA s}, the
 * schema's tables from {@code information_schema.tables}.
 */
final class DescribeStatements {
    /** Prepares a query (not run) and gives its result's row type. */
    interface RowTypes {
        RelDataType of(String querySql);
    }

    private DescribeStatements() {}

    /**
     * The query that answers {@code describe}, written in {@code statement}.
     *
     * @param schemaExists whether a schema of the given name exists (any case)
     */
    static String sql(
            SqlNode describe, String statement, RowTypes rowTypes, Predicate<String> schemaExists) {
        if (describe instanceof SqlDescribeSchema) {
            SqlIdentifier schema = ((SqlDescribeSchema) describe).getSchema();
            String name = schema.names.get(schema.names.size() - 1);
            if (!schemaExists.test(name)) {
                throw SqlUtil.newContextException(
                        schema.getParserPosition(), RESOURCE.schemaNotFound(name));
            }
            return "SELECT table_name, table_type FROM information_schema.tables"
                    + " WHERE LOWER(table_schema) = LOWER("
                    + ShowStatements.literal(name)
                    + ")"
                    + " ORDER BY table_name";
        }
        if (describe instanceof SqlDescribeQuery) {
            SqlNode query = ((SqlDescribeQuery) describe).query();
            return columns(rowTypes.of(text(statement, query.getParserPosition())), null);
        }
        SqlDescribeTable table = (SqlDescribeTable) describe;
        String tableText = text(statement, table.getTable().getParserPosition());
        RelDataType rowType = rowTypes.of("SELECT * FROM " + tableText);
        SqlIdentifier column = table.getColumn();
        if (column != null && rowType.getField(column.getSimple(), false, false) == null) {
            throw SqlUtil.newContextException(
                    column.getParserPosition(),
                    RESOURCE.columnNotFoundInTable(column.getSimple(), tableText));
        }
        return columns(rowType, column == null ? null : column.getSimple());
    }

    /** The rows describing {@code rowType}'s columns (only {@code only}, when given). */
    private static String columns(RelDataType rowType, String only) {
        List<List<String>> rows = new ArrayList<>();
        for (RelDataTypeField f : rowType.getFieldList()) {
            if (only == null || f.getName().equalsIgnoreCase(only)) {
                rows.add(
                        List.of(
                                f.getName(),
                                ColumnTypes.name(f.getType()),
                                f.getType().isNullable() ? "YES" : "NO"));
            }
        }
        return ShowStatements.values(rows, "column_name", "column_type", "null");
    }

    /** The part of {@code sql} that {@code pos} spans. */
    private static String text(String sql, SqlParserPos pos) {
        int start = SqlParserUtil.lineColToIndex(sql, pos.getLineNum(), pos.getColumnNum());
        int end = SqlParserUtil.lineColToIndex(sql, pos.getEndLineNum(), pos.getEndColumnNum());
        return sql.substring(start, end + 1);
    }
}
