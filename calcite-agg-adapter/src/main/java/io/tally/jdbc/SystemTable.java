package io.tally.jdbc;

import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A small table computed when it is scanned (the tables of {@code information_schema}): its columns
 * are nullable VARCHAR or INTEGER, its rows come from {@link Rows}.
 */
final class SystemTable extends AbstractTable implements ScannableTable {
    /** Computes the rows from the query's context (its root schema, its connection). */
    interface Rows {
        List<Object[]> of(DataContext root) throws Exception;
    }

    private final List<String> columns;
    private final List<SqlTypeName> types;
    private final Rows rows;

    /** A table with these column names and types (VARCHAR or INTEGER), one row per element. */
    SystemTable(List<String> columns, List<SqlTypeName> types, Rows rows) {
        this.columns = List.copyOf(columns);
        this.types = List.copyOf(types);
        this.rows = rows;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (int i = 0; i < columns.size(); i++) {
            b.add(columns.get(i), types.get(i)).nullable(true);
        }
        return b.build();
    }

    @Override
    public Schema.TableType getJdbcTableType() {
        return Schema.TableType.SYSTEM_TABLE;
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        try {
            return Linq4j.asEnumerable(rows.of(root));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Cannot list " + columns + ": " + e.getMessage(), e);
        }
    }
}
