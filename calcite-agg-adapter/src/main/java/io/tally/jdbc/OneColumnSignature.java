package io.tally.jdbc;

import java.sql.DatabaseMetaData;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The signature of a statement Tally answers itself around a prepared query (EXPLAIN ANALYZE,
 * COPY): one NOT NULL column, rows computed when the statement runs, the query's parameters.
 */
final class OneColumnSignature {
    private OneColumnSignature() {}

    /**
     * The statement {@code sql} with one column {@code name} of {@code type} (JDBC {@code
     * jdbcType}, Java {@code javaClass}, Avatica {@code rep}) whose rows {@code rows} computes from
     * the execution root.
     */
    static <T> CalciteSignature<T> of(
            String sql,
            CalciteSignature<?> query,
            JavaTypeFactory typeFactory,
            String name,
            SqlTypeName type,
            int jdbcType,
            ColumnMetaData.Rep rep,
            Class<?> javaClass,
            Function<DataContext, List<Object>> rows) {
        ColumnMetaData column =
                new ColumnMetaData(
                        0,
                        false,
                        true,
                        false,
                        false,
                        DatabaseMetaData.columnNoNulls,
                        true,
                        -1,
                        name,
                        name,
                        null,
                        -1,
                        0,
                        null,
                        null,
                        ColumnMetaData.scalar(jdbcType, type.getName(), rep),
                        true,
                        false,
                        false,
                        javaClass.getName());
        @SuppressWarnings("unchecked")
        Bindable<T> bindable =
                root ->
                        (Enumerable<T>)
                                new AbstractEnumerable<Object>() {
                                    @Override
                                    public Enumerator<Object> enumerator() {
                                        return Linq4j.enumerator(rows.apply(root));
                                    }
                                };
        return new CalciteSignature<>(
                sql,
                query.parameters,
                query.internalParameters,
                typeFactory.builder().add(name, typeFactory.createSqlType(type)).build(),
                List.of(column),
                Meta.CursorFactory.OBJECT,
                null,
                List.of(),
                -1,
                bindable,
                Meta.StatementType.SELECT);
    }
}
