package io.tally.jdbc;

import io.tally.batch.DataType;
import io.tally.batch.RowBatcher;
import io.tally.memory.EngineMemory;
import io.tally.memory.OperatorMemory;
import io.tally.plan.ExecTypes;
import io.tally.schema.DataFileException;
import io.tally.schema.files.CopyTarget;
import io.tally.session.QueryContext;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A {@code COPY (query) TO 'path'} statement, prepared: executing it runs the query and streams its
 * rows, {@value #BATCH_ROWS} at a time as Arrow batches, into the file ({@link CopyTarget}); it
 * returns one row, the number of rows written, in a {@code BIGINT} column {@value #COLUMN} (as
 * DuckDB does). Memory: one batch, and for Parquet one row group's encoded pages, reserved from the
 * query's {@code memory_limit} pool.
 */
final class CopyStatement {
    /** The result column. */
    static final String COLUMN = "Count";

    /** Rows per batch handed to the writer. */
    private static final int BATCH_ROWS = 8192;

    /**
     * Share of {@code memory_limit} a Parquet row group's buffered pages may take, as a divisor.
     */
    private static final int ROW_GROUP_SHARE = 4;

    private CopyStatement() {}

    /**
     * The statement {@code sql} that writes the rows of the prepared {@code query} to {@code
     * target}.
     */
    static <T> CalciteSignature<T> signature(
            String sql, CalciteSignature<?> query, CopyTarget target, JavaTypeFactory typeFactory) {
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (RelDataTypeField field : query.rowType.getFieldList()) {
            names.add(field.getName());
            try {
                types.add(ExecTypes.of(field.getType(), "Column " + field.getName()));
            } catch (ExecTypes.UnsupportedTypeException e) {
                throw new DataFileException(
                        "COPY cannot write column "
                                + field.getName()
                                + " of type "
                                + field.getType().getFullTypeString());
            }
        }
        return OneColumnSignature.of(
                sql,
                query,
                typeFactory,
                COLUMN,
                SqlTypeName.BIGINT,
                Types.BIGINT,
                ColumnMetaData.Rep.PRIMITIVE_LONG,
                Long.class,
                root -> List.of(run(query, root, target, names, types)));
    }

    /** Runs {@code query} in {@code root} and writes its rows; returns how many. */
    private static long run(
            CalciteSignature<?> query,
            DataContext root,
            CopyTarget target,
            List<String> names,
            List<DataType> types) {
        QueryContext context = QueryContext.of(root);
        long rowGroupBytes =
                Math.min(CopyTarget.MAX_ROW_GROUP_BYTES, context.pool().limit() / ROW_GROUP_SHARE);
        try (OperatorMemory memory =
                        new OperatorMemory("COPY", EngineMemory.root(), context.pool());
                Enumerator<?> rows = query.enumerable(root).enumerator();
                RowBatcher batcher = new RowBatcher(names, types, memory.allocator(), BATCH_ROWS)) {
            memory.reserve(rowGroupBytes);
            Iterator<Object[]> arrays =
                    new Iterator<>() {
                        private boolean ahead;
                        private boolean more;

                        @Override
                        public boolean hasNext() {
                            if (!ahead) {
                                more = rows.moveNext();
                                ahead = true;
                            }
                            return more;
                        }

                        @Override
                        public Object[] next() {
                            hasNext();
                            ahead = false;
                            Object row = rows.current();
                            return names.size() == 1 ? new Object[] {row} : (Object[]) row;
                        }
                    };
            long written =
                    target.write(
                            batcher.root(),
                            () -> {
                                checkCancel(root);
                                return batcher.fill(arrays);
                            },
                            rowGroupBytes);
            return written;
        }
    }

    private static void checkCancel(DataContext root) {
        AtomicBoolean cancelled = DataContext.Variable.CANCEL_FLAG.get(root);
        if (cancelled != null && cancelled.get()) {
            throw new CancellationException("COPY canceled");
        }
    }
}
