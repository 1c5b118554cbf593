package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.DataContext;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C's path: cancelling a running statement stops it and reports "Query cancelled." instead of
 * an error.
 */
class CancelTest {

    /** A table whose scan never ends: only cancellation can stop a query over it. */
    static final class EndlessTable extends AbstractTable implements ScannableTable {
        @Override
        public RelDataType getRowType(RelDataTypeFactory f) {
            return f.builder().add("N", SqlTypeName.BIGINT).build();
        }

        @Override
        public Enumerable<Object[]> scan(DataContext root) {
            return Linq4j.asEnumerable(
                    () ->
                            new Iterator<Object[]>() {
                                private long n;

                                @Override
                                public boolean hasNext() {
                                    return true;
                                }

                                @Override
                                public Object[] next() {
                                    return new Object[] {n++};
                                }
                            });
        }
    }

    @Test
    void cancelStopsARunningStatement() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ShellSettings settings = new ShellSettings().maxRows(ShellSettings.INTERACTIVE_MAX_ROWS);
        try (ShellSession session =
                new ShellSession(settings, new PrintWriter(out), new PrintWriter(err))) {
            session.open("jdbc:calcite:");
            session.connection()
                    .unwrap(CalciteConnection.class)
                    .getRootSchema()
                    .add("ENDLESS", new EndlessTable());
            ScriptRunner runner =
                    new ScriptRunner(session, new ErrorReporter(new PrintWriter(err), settings));
            CompletableFuture<Outcome> run =
                    CompletableFuture.supplyAsync(
                            () -> runner.runText("select n * 2 from endless where n >= 0;", null));
            while (!session.isRunning() && !run.isDone()) {
                Thread.onSpinWait();
            }
            session.cancel();
            assertEquals(Outcome.ERROR, run.get(1, TimeUnit.MINUTES));
            assertTrue(session.wasCancelled());
            assertEquals("Query cancelled.\n", err.toString().replace("\r\n", "\n"));
            assertEquals("", out.toString());
        }
    }
}
