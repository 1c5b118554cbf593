package io.tally.jdbc;

import io.tally.metrics.ExplainJson;
import io.tally.metrics.ExplainText;
import io.tally.metrics.ProfileNode;
import io.tally.metrics.QueryProfile;
import io.tally.parser.SqlExplainAnalyze;
import io.tally.runtime.ProfileRuntime;
import java.sql.Types;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * An {@code EXPLAIN ANALYZE} statement, prepared: executing it runs the profiled inner query to
 * completion (its rows are read and discarded) and returns the annotated plan in one {@code
 * VARCHAR} column {@code PLAN}: one row per line of the text tree, or one row holding the JSON
 * document.
 */
final class ExplainAnalyzeStatement {
    /** The result column. */
    static final String COLUMN = "PLAN";

    private static final String BLANK = "(?:\\s+|--[^\\n]*(?:\\n|$)|/\\*.*?\\*/)";

    /** {@code EXPLAIN ANALYZE [AS TEXT|JSON]} with blanks and comments, up to the query. */
    private static final Pattern PREFIX =
            Pattern.compile(
                    BLANK
                            + "*EXPLAIN"
                            + BLANK
                            + "+ANALYZE"
                            + "(?:"
                            + BLANK
                            + "+AS"
                            + BLANK
                            + "+(?:TEXT|JSON)\\b)?",
                    Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private ExplainAnalyzeStatement() {}

    /**
     * The query inside {@code sql}, an EXPLAIN ANALYZE statement that parsed: the statement with
     * its {@code EXPLAIN ANALYZE [AS format]} prefix blanked out (line breaks kept), so that error
     * positions in the query are positions in the statement.
     */
    static String querySql(String sql) {
        Matcher m = PREFIX.matcher(sql);
        if (!m.lookingAt()) {
            throw new IllegalArgumentException("not an EXPLAIN ANALYZE statement: " + sql);
        }
        return sql.substring(0, m.end()).replaceAll("[^\\r\\n]", " ") + sql.substring(m.end());
    }

    /**
     * The statement {@code sql} that profiles the prepared {@code query}, whose plan is {@code
     * plan}.
     */
    static <T> CalciteSignature<T> signature(
            String sql,
            CalciteSignature<?> query,
            ProfileNode plan,
            SqlExplainAnalyze.Format format,
            JavaTypeFactory typeFactory) {
        return OneColumnSignature.of(
                sql,
                query,
                typeFactory,
                COLUMN,
                SqlTypeName.VARCHAR,
                Types.VARCHAR,
                ColumnMetaData.Rep.STRING,
                String.class,
                root -> List.copyOf(run(query, root, plan, format)));
    }

    /** Runs {@code query} in the execution {@code root} under a profile; returns the report. */
    private static List<String> run(
            CalciteSignature<?> query,
            DataContext root,
            ProfileNode plan,
            SqlExplainAnalyze.Format format) {
        QueryProfile profile = new QueryProfile(plan);
        ProfileRuntime.begin(root, profile);
        long start = System.nanoTime();
        try (Enumerator<?> rows = query.enumerable(root).enumerator()) {
            while (rows.moveNext()) {
                rows.current();
            }
        } finally {
            profile.finish(System.nanoTime() - start);
            ProfileRuntime.end(root);
        }
        AtomicBoolean cancelled = DataContext.Variable.CANCEL_FLAG.get(root);
        if (cancelled != null && cancelled.get()) {
            throw new CancellationException("EXPLAIN ANALYZE canceled");
        }
        return format == SqlExplainAnalyze.Format.JSON
                ? List.of(ExplainJson.render(profile))
                : ExplainText.render(profile);
    }
}
