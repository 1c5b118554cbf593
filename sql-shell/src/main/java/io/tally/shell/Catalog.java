package io.tally.shell;

import java.sql.DatabaseMetaData;
import java.sql.JDBCType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A snapshot of a connection's user tables and their columns, read from {@link DatabaseMetaData}
 * (system tables such as Calcite's {@code metadata} schema are left out).
 */
public final class Catalog {
    /** Table type JDBC drivers use for catalog tables the user did not create. */
    private static final String SYSTEM_TABLE = "SYSTEM TABLE";

    private static final String NOT_NULL = " NOT NULL";
    private static final Comparator<Table> ORDER =
            Comparator.comparing((Table t) -> t.schema() == null ? "" : t.schema())
                    .thenComparing(Table::name);

    /** A table: schema (may be null or empty), name, JDBC table type. */
    public record Table(String schema, String name, String type) {
        /** {@code schema.name}, or the name alone when there is no schema. */
        public String qualifiedName() {
            return schema == null || schema.isEmpty() ? name : schema + "." + name;
        }
    }

    /**
     * A column: name, type as the driver spells it, nullability ({@code YES}, {@code NO} or empty).
     */
    public record ColumnInfo(String name, String type, String nullable) {}

    private final List<Table> tables;
    private final Map<Table, List<ColumnInfo>> columns;

    private Catalog(List<Table> tables, Map<Table, List<ColumnInfo>> columns) {
        this.tables = tables;
        this.columns = columns;
    }

    /** An empty catalog (before connecting, or when metadata cannot be read). */
    public static Catalog empty() {
        return new Catalog(List.of(), Map.of());
    }

    /** Reads tables and (when {@code withColumns}) all their columns. */
    public static Catalog load(DatabaseMetaData md, boolean withColumns) throws SQLException {
        List<Table> tables = new ArrayList<>();
        try (ResultSet rs = md.getTables(null, null, "%", null)) {
            while (rs.next()) {
                String type = rs.getString("TABLE_TYPE");
                if (type == null || !type.equalsIgnoreCase(SYSTEM_TABLE)) {
                    tables.add(
                            new Table(
                                    rs.getString("TABLE_SCHEM"), rs.getString("TABLE_NAME"), type));
                }
            }
        }
        tables.sort(ORDER);
        Map<Table, List<ColumnInfo>> columns = new LinkedHashMap<>();
        if (withColumns) {
            for (Table t : tables) {
                columns.put(t, readColumns(md, t));
            }
        }
        return new Catalog(List.copyOf(tables), columns);
    }

    /** The columns of {@code t}, in ordinal order. */
    public static List<ColumnInfo> readColumns(DatabaseMetaData md, Table t) throws SQLException {
        List<ColumnInfo> cols = new ArrayList<>();
        try (ResultSet rs =
                md.getColumns(null, escape(t.schema(), md), escape(t.name(), md), "%")) {
            while (rs.next()) {
                String nullable = rs.getString("IS_NULLABLE");
                cols.add(
                        new ColumnInfo(
                                rs.getString("COLUMN_NAME"),
                                typeName(rs.getString("TYPE_NAME"), rs.getInt("DATA_TYPE")),
                                nullable == null ? "" : nullable));
            }
        }
        return cols;
    }

    /**
     * A readable SQL type name: the driver's, without a {@code NOT NULL} suffix (nullability has
     * its own column), or the {@link JDBCType} name when the driver reports a Java class (Calcite's
     * reflective tables).
     */
    static String typeName(String driverName, int dataType) {
        String name = driverName;
        if (name == null || name.startsWith("JavaType(")) {
            try {
                name = JDBCType.valueOf(dataType).getName();
            } catch (IllegalArgumentException e) {
                name = driverName == null ? "?" : driverName;
            }
        }
        return name.endsWith(NOT_NULL)
                ? name.substring(0, name.length() - NOT_NULL.length())
                : name;
    }

    public List<Table> tables() {
        return tables;
    }

    /** Columns of a loaded table (empty when not loaded). */
    public List<ColumnInfo> columns(Table t) {
        return columns.getOrDefault(t, List.of());
    }

    /**
     * Finds a table by {@code name} or {@code schema.name}: an exact match first, then ignoring
     * case. Returns null when there is none.
     */
    public Table find(String name) {
        String schema = null;
        String table = name;
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            schema = name.substring(0, dot);
            table = name.substring(dot + 1);
        }
        for (boolean ignoreCase : new boolean[] {false, true}) {
            for (Table t : tables) {
                if (same(t.name(), table, ignoreCase)
                        && (schema == null || same(t.schema(), schema, ignoreCase))) {
                    return t;
                }
            }
        }
        return null;
    }

    private static boolean same(String a, String b, boolean ignoreCase) {
        return a != null
                && (ignoreCase
                        ? a.toLowerCase(Locale.ROOT).equals(b.toLowerCase(Locale.ROOT))
                        : a.equals(b));
    }

    private static String escape(String pattern, DatabaseMetaData md) throws SQLException {
        if (pattern == null) {
            return null;
        }
        String esc = md.getSearchStringEscape();
        if (esc == null || esc.isEmpty()) {
            return pattern;
        }
        return pattern.replace(esc, esc + esc).replace("_", esc + "_").replace("%", esc + "%");
    }
}
