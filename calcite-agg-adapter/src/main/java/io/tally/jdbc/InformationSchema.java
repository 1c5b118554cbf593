package io.tally.jdbc;

import static org.apache.calcite.sql.type.SqlTypeName.INTEGER;
import static org.apache.calcite.sql.type.SqlTypeName.VARCHAR;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.calcite.DataContext;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/**
 * A connection's {@code information_schema}, with PostgreSQL's and DuckDB's table and column names:
 * {@code schemata}, {@code tables}, {@code columns} and {@code routines} of every schema of the
 * connection, read when scanned (a file added to a data directory shows up). Catalog columns are
 * NULL, as JDBC's metadata reports no catalog; types are named by {@link ColumnTypes}.
 */
final class InformationSchema extends AbstractSchema {
    static final String NAME = "information_schema";

    @Override
    protected Map<String, Table> getTableMap() {
        return Map.of(
                "schemata",
                        new SystemTable(
                                List.of("catalog_name", "schema_name"),
                                List.of(VARCHAR, VARCHAR),
                                InformationSchema::schemata),
                "tables",
                        new SystemTable(
                                List.of(
                                        "table_catalog",
                                        "table_schema",
                                        "table_name",
                                        "table_type",
                                        "is_insertable_into"),
                                List.of(VARCHAR, VARCHAR, VARCHAR, VARCHAR, VARCHAR),
                                InformationSchema::tables),
                "columns",
                        new SystemTable(
                                List.of(
                                        "table_catalog",
                                        "table_schema",
                                        "table_name",
                                        "column_name",
                                        "ordinal_position",
                                        "column_default",
                                        "is_nullable",
                                        "data_type",
                                        "character_maximum_length",
                                        "numeric_precision",
                                        "numeric_precision_radix",
                                        "numeric_scale",
                                        "datetime_precision"),
                                List.of(
                                        VARCHAR, VARCHAR, VARCHAR, VARCHAR, INTEGER, VARCHAR,
                                        VARCHAR, VARCHAR, INTEGER, INTEGER, INTEGER, INTEGER,
                                        INTEGER),
                                InformationSchema::columns),
                "routines",
                        new SystemTable(
                                List.of(
                                        "routine_catalog",
                                        "routine_schema",
                                        "routine_name",
                                        "routine_type",
                                        "specific_name"),
                                List.of(VARCHAR, VARCHAR, VARCHAR, VARCHAR, VARCHAR),
                                InformationSchema::routines));
    }

    private static List<Object[]> schemata(DataContext root) {
        List<Object[]> rows = new ArrayList<>();
        for (String schema : new TreeSet<>(root.getRootSchema().getSubSchemaNames())) {
            rows.add(new Object[] {null, schema});
        }
        return rows;
    }

    private static List<Object[]> tables(DataContext root) {
        List<Object[]> rows = new ArrayList<>();
        forEachTable(
                root,
                (schema, name, table) ->
                        rows.add(
                                new Object[] {
                                    null, schema, name, tableType(table.getJdbcTableType()), "NO"
                                }));
        return rows;
    }

    private static List<Object[]> columns(DataContext root) {
        List<Object[]> rows = new ArrayList<>();
        forEachTable(
                root,
                (schema, name, table) -> {
                    for (RelDataTypeField f :
                            table.getRowType(root.getTypeFactory()).getFieldList()) {
                        RelDataType t = f.getType();
                        rows.add(
                                new Object[] {
                                    null,
                                    schema,
                                    name,
                                    f.getName(),
                                    f.getIndex() + 1,
                                    null,
                                    t.isNullable() ? "YES" : "NO",
                                    ColumnTypes.name(t),
                                    ColumnTypes.maxLength(t),
                                    ColumnTypes.numericPrecision(t),
                                    ColumnTypes.numericRadix(t),
                                    ColumnTypes.numericScale(t),
                                    ColumnTypes.datetimePrecision(t)
                                });
                    }
                });
        return rows;
    }

    /** The connection's functions, as its {@code DatabaseMetaData.getFunctions} lists them. */
    private static List<Object[]> routines(DataContext root) throws Exception {
        List<Object[]> rows = new ArrayList<>();
        Connection connection = (Connection) root.getQueryProvider();
        DatabaseMetaData md = connection.getMetaData();
        try (ResultSet rs = md.getFunctions(null, null, "%")) {
            while (rs.next()) {
                rows.add(
                        new Object[] {
                            null,
                            rs.getString("FUNCTION_SCHEM"),
                            rs.getString("FUNCTION_NAME"),
                            "FUNCTION",
                            rs.getString("SPECIFIC_NAME")
                        });
            }
        }
        return rows;
    }

    /** Visits every table of every schema, schemas and tables in name order. */
    private static void forEachTable(DataContext root, TableVisitor visitor) {
        SchemaPlus rootSchema = root.getRootSchema();
        for (String schemaName : new TreeSet<>(rootSchema.getSubSchemaNames())) {
            SchemaPlus schema = rootSchema.getSubSchema(schemaName);
            if (schema == null) {
                continue;
            }
            for (String tableName : new TreeSet<>(schema.getTableNames())) {
                Table table = schema.getTable(tableName);
                if (table != null) {
                    visitor.visit(schemaName, tableName, table);
                }
            }
        }
    }

    /** PostgreSQL's names: BASE TABLE, VIEW; other kinds keep JDBC's (SYSTEM TABLE). */
    private static String tableType(Schema.TableType type) {
        switch (type) {
            case TABLE:
                return "BASE TABLE";
            case VIEW:
                return "VIEW";
            default:
                return type.jdbcName;
        }
    }

    /** Receives one table. */
    private interface TableVisitor {
        void visit(String schema, String name, Table table);
    }
}
