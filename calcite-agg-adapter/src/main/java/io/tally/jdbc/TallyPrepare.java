package io.tally.jdbc;

import io.tally.parser.SqlCopyTo;
import io.tally.parser.SqlDescribeQuery;
import io.tally.parser.SqlExplainAnalyze;
import io.tally.parser.SqlReadOnlyStatement;
import io.tally.parser.SqlShow;
import io.tally.parser.TallyParser;
import io.tally.plan.Profiler;
import io.tally.plan.UnsupportedQueryException;
import io.tally.schema.PlanDependencies;
import io.tally.schema.files.CopyTarget;
import io.tally.session.PlanCache;
import io.tally.session.Setting;
import io.tally.session.TallySession;
import io.tally.session.TallySettings;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCostFactory;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.SqlDescribeSchema;
import org.apache.calcite.sql.SqlDescribeTable;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSetOption;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.util.NlsString;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Tally's statement preparation: Calcite's, plus Tally's planner rules (chosen from the
 * connection's settings), {@code SET}/{@code RESET} of Tally settings, and Tally's own statements
 * ({@code EXPLAIN ANALYZE}, {@code SHOW}, {@code COPY ... TO}); a query run again on a connection
 * reuses its plan from the connection's {@link PlanCache} while its tables are unchanged.
 */
public class TallyPrepare extends CalcitePrepareImpl {
    /** Statements Tally answers itself start with one of these words (after blanks/comments). */
    private static final Pattern TALLY_STATEMENT =
            Pattern.compile(
                    "(\\s+|--[^\\n]*\\n|/\\*.*?\\*/)*(SHOW|EXPLAIN|COPY|DESCRIBE|INSERT|UPSERT|UPDATE|DELETE|MERGE"
                            + "|CREATE|DROP|ALTER|TRUNCATE|GRANT|REVOKE)\\b",
                    Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** Set while an EXPLAIN ANALYZE query is prepared: receives its profiled plan. */
    private static final ThreadLocal<Consumer<Profiler.Profiled>> PROFILED_PLAN =
            new ThreadLocal<>();

    @Override
    protected RelOptPlanner createPlanner(
            CalcitePrepare.Context prepareContext,
            org.apache.calcite.plan.@Nullable Context externalContext,
            @Nullable RelOptCostFactory costFactory) {
        TallySession session =
                TallySession.find(prepareContext.getDataContext().getQueryProvider());
        if (session == null) {
            return super.createPlanner(prepareContext, externalContext, costFactory);
        }
        // read once, when the statement is prepared: its plan keeps them (as for aggregate=calcite)
        TallySettings settings = session.settings();
        RelOptPlanner planner =
                super.createPlanner(
                        prepareContext,
                        TallyPlannerSetup.context(prepareContext, externalContext, settings),
                        costFactory);
        TallyPlannerSetup.configure(planner, settings);
        return planner;
    }

    /** Parses with Tally's parser, which adds EXPLAIN ANALYZE and SHOW to Calcite's grammar. */
    @Override
    protected SqlParser createParser(String sql, SqlParser.Config parserConfig) {
        return SqlParser.create(sql, parserConfig.withParserFactory(TallyParser.FACTORY));
    }

    /**
     * Prepares a statement; a statement Tally cannot run fails with the {@link
     * UnsupportedQueryException} that says why, not with the planner's wrapping of it.
     */
    @Override
    public <T> CalciteSignature<T> prepareSql(
            CalcitePrepare.Context unchecked, Query<T> query, Type elementType, long maxRowCount) {
        CalcitePrepare.Context context = CheckedArithmetic.checked(unchecked);
        try {
            return prepareTallySql(context, query, elementType, maxRowCount);
        } catch (RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof UnsupportedQueryException) {
                    throw (UnsupportedQueryException) t;
                }
            }
            throw e;
        }
    }

    private <T> CalciteSignature<T> prepareTallySql(
            CalcitePrepare.Context context, Query<T> query, Type elementType, long maxRowCount) {
        if (query.sql != null && TALLY_STATEMENT.matcher(query.sql).lookingAt()) {
            SqlNode node = parseTallyStatement(context, query.sql);
            if (node instanceof SqlExplainAnalyze) {
                return prepareExplainAnalyze(
                        context, query.sql, (SqlExplainAnalyze) node, elementType);
            }
            if (node instanceof SqlReadOnlyStatement) {
                throw new SqlErrors.SqlReadOnlyException((SqlReadOnlyStatement) node);
            }
            if (node instanceof SqlExplain
                    && ((SqlExplain) node).getExplicandum().getKind().belongsTo(SqlKind.DML)) {
                SqlNode dml = ((SqlExplain) node).getExplicandum();
                throw new SqlErrors.SqlReadOnlyException(
                        new SqlReadOnlyStatement(dml.getParserPosition(), dml.getKind().sql));
            }
            if (node instanceof SqlDescribeTable
                    || node instanceof SqlDescribeQuery
                    || node instanceof SqlDescribeSchema) {
                String sql =
                        DescribeStatements.sql(
                                node,
                                query.sql,
                                querySql ->
                                        super.prepareSql(
                                                        context,
                                                        Query.of(querySql),
                                                        Object[].class,
                                                        -1)
                                                .rowType,
                                name -> context.getRootSchema().getSubSchema(name, false) != null);
                return super.prepareSql(context, Query.of(sql), elementType, maxRowCount);
            }
            if (node instanceof SqlCopyTo) {
                return prepareCopy(context, query.sql, (SqlCopyTo) node, elementType);
            }
            if (node instanceof SqlShow) {
                TallySession session = TallySession.of(context.getDataContext().getQueryProvider());
                CalciteSchema main = context.getRootSchema().getSubSchema(MainSchema.NAME, false);
                List<String> tables =
                        main == null ? List.of() : new ArrayList<>(main.getTableNames());
                try {
                    String sql = ShowStatements.sql((SqlShow) node, session, tables);
                    return super.prepareSql(context, Query.of(sql), elementType, maxRowCount);
                } catch (SQLException e) {
                    throw new RuntimeException(e.getMessage(), e);
                }
            }
            return prepareWithinLimits(context, query, elementType, maxRowCount);
        }
        return prepareCached(context, query, elementType, maxRowCount);
    }

    /**
     * What a cached plan is keyed by besides its tables: see {@link PlanCache}. Its {@code equals}
     * and {@code hashCode} are written out: a record's are linked by an invokedynamic bootstrap
     * ({@code ObjectMethods}) on first use, which was ~3% of a fresh {@code tally -e "SELECT 1"}.
     */
    private record PlanKey(
            String sql,
            Type elementType,
            long maxRowCount,
            List<String> defaultSchema,
            Map<Setting, Object> settings) {
        @Override
        public boolean equals(Object o) {
            return o instanceof PlanKey k
                    && sql.equals(k.sql)
                    && Objects.equals(elementType, k.elementType)
                    && maxRowCount == k.maxRowCount
                    && Objects.equals(defaultSchema, k.defaultSchema)
                    && settings.equals(k.settings);
        }

        @Override
        public int hashCode() {
            int h = sql.hashCode();
            h = 31 * h + Objects.hashCode(elementType);
            h = 31 * h + Long.hashCode(maxRowCount);
            h = 31 * h + Objects.hashCode(defaultSchema);
            return 31 * h + settings.hashCode();
        }
    }

    /**
     * A query's plan from the connection's {@link PlanCache}, or prepared and cached if it reads
     * only Tally tables (each recorded as a {@link PlanDependencies} check) and is a query (Tally's
     * own statements, EXPLAIN included, are prepared afresh each time).
     */
    private <T> CalciteSignature<T> prepareCached(
            CalcitePrepare.Context context, Query<T> query, Type elementType, long maxRowCount) {
        TallySession session = TallySession.find(context.getDataContext().getQueryProvider());
        if (session == null || query.sql == null || PROFILED_PLAN.get() != null) {
            return prepareWithinLimits(context, query, elementType, maxRowCount);
        }
        PlanKey key =
                new PlanKey(
                        query.sql,
                        elementType,
                        maxRowCount,
                        context.getDefaultSchemaPath(),
                        session.settings().snapshot());
        PlanCache cache = session.planCache();
        @SuppressWarnings("unchecked")
        CalciteSignature<T> cached = (CalciteSignature<T>) cache.get(key);
        if (cached != null) {
            return cached;
        }
        AtomicReference<PlanDependencies> recorded = new AtomicReference<>();
        CalciteSignature<T> signature =
                PlanDependencies.record(
                        () -> prepareWithinLimits(context, query, elementType, maxRowCount),
                        recorded::set);
        PlanDependencies dependencies = recorded.get();
        if (dependencies.cacheable() && signature.statementType == Meta.StatementType.SELECT) {
            cache.put(key, signature, dependencies::current);
        }
        return signature;
    }

    /**
     * Calcite's preparation, with the JVM limits it can run into said plainly: an expression nested
     * deeper than the thread's stack allows, or an operator whose generated code passes the JVM's
     * 64 KB per method.
     */
    private <T> CalciteSignature<T> prepareWithinLimits(
            CalcitePrepare.Context context, Query<T> query, Type elementType, long maxRowCount) {
        try {
            return super.prepareSql(context, query, elementType, maxRowCount);
        } catch (StackOverflowError e) {
            throw tooDeep(e);
        } catch (RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof StackOverflowError) {
                    throw tooDeep(e);
                }
                if (String.valueOf(t.getMessage()).contains("Code grows beyond 64 KB")) {
                    throw new IllegalArgumentException(
                            "The statement is too large to compile: an"
                                    + " operator's generated code would pass the JVM's 64 KB method limit (a VALUES"
                                    + " or IN list of thousands of items, or thousands of expressions); put the"
                                    + " values in a table or file and join it",
                            e);
                }
            }
            throw e;
        }
    }

    /**
     * Prepares {@code EXPLAIN ANALYZE}: the inner query is prepared with every operator wrapped for
     * profiling (see {@link #getPreparingStmt}), then wrapped in a statement that runs it and
     * returns the report.
     */
    private <T> CalciteSignature<T> prepareExplainAnalyze(
            CalcitePrepare.Context context, String sql, SqlExplainAnalyze node, Type elementType) {
        AtomicReference<Profiler.Profiled> plan = new AtomicReference<>();
        CalciteSignature<Object> inner;
        PROFILED_PLAN.set(plan::set);
        try {
            inner =
                    super.prepareSql(
                            context,
                            Query.of(ExplainAnalyzeStatement.querySql(sql)),
                            elementType,
                            -1);
        } finally {
            PROFILED_PLAN.remove();
        }
        if (plan.get() == null) {
            throw new IllegalArgumentException(
                    "EXPLAIN ANALYZE needs a query (SELECT, VALUES, WITH,"
                            + " set operations), not: "
                            + node.query().getKind());
        }
        return ExplainAnalyzeStatement.signature(
                sql, inner, plan.get().plan(), node.format(), context.getTypeFactory());
    }

    /**
     * Prepares {@code COPY (query) TO 'path'}: the target is checked (the connection's file access
     * policy, the options) before the query is prepared, then wrapped in a statement that runs the
     * query into the file.
     */
    private <T> CalciteSignature<T> prepareCopy(
            CalcitePrepare.Context context, String sql, SqlCopyTo node, Type elementType) {
        TallySession session = TallySession.of(context.getDataContext().getQueryProvider());
        Path file = session.fileAccess().checkWrite(Path.of(node.path()));
        CopyTarget target = CopyTarget.of(file, node.options());
        CalciteSignature<Object> inner =
                super.prepareSql(context, Query.of(node.querySql(sql)), elementType, -1);
        return CopyStatement.signature(sql, inner, target, context.getTypeFactory());
    }

    /**
     * Prepares with Tally's validator ({@link TallyPreparingStmt}); during the preparation of an
     * EXPLAIN ANALYZE query, also wraps operators for profiling.
     */
    @Override
    protected CalcitePreparingStmt getPreparingStmt(
            CalcitePrepare.Context context,
            Type elementType,
            CalciteCatalogReader catalogReader,
            RelOptPlanner planner) {
        if (enableBindable) {
            return super.getPreparingStmt(context, elementType, catalogReader, planner);
        }
        EnumerableRel.Prefer prefer =
                elementType == Object[].class
                        ? EnumerableRel.Prefer.ARRAY
                        : EnumerableRel.Prefer.CUSTOM;
        RelOptCluster cluster = createCluster(planner, new RexBuilder(context.getTypeFactory()));
        Consumer<Profiler.Profiled> sink = PROFILED_PLAN.get();
        if (sink == null) {
            return new TallyPreparingStmt(
                    this,
                    context,
                    catalogReader,
                    context.getTypeFactory(),
                    context.getRootSchema(),
                    prefer,
                    cluster,
                    createConvertletTable());
        }
        return new ProfilingPreparingStmt(
                this,
                context,
                catalogReader,
                context.getTypeFactory(),
                context.getRootSchema(),
                prefer,
                cluster,
                createConvertletTable(),
                sink);
    }

    private static IllegalArgumentException tooDeep(Throwable e) {
        return new IllegalArgumentException(
                "The statement nests expressions too deeply for the"
                        + " planner (its stack overflowed): split long chains such as a+b+c+... into parts, or"
                        + " run with a larger thread stack (-Xss)",
                e);
    }

    /** Parses one statement as {@code prepare} will, or returns null if it does not parse. */
    private @Nullable SqlNode parseTallyStatement(CalcitePrepare.Context context, String sql) {
        CalciteConnectionConfig config = context.config();
        SqlParser.Config parserConfig =
                SqlParser.config()
                        .withQuotedCasing(config.quotedCasing())
                        .withUnquotedCasing(config.unquotedCasing())
                        .withQuoting(config.quoting())
                        .withConformance(config.conformance())
                        .withCaseSensitive(config.caseSensitive());
        try {
            return createParser(sql, parserConfig).parseStmt();
        } catch (SqlParseException e) {
            return null; // prepare reports it with the usual message
        }
    }

    @Override
    public void executeDdl(CalcitePrepare.Context context, SqlNode node) {
        TallySession owner = TallySession.find(context.getDataContext().getQueryProvider());
        if (owner != null && !(node instanceof SqlSetOption)) {
            owner.planCache().clear(); // the statement may change the catalog plans were built on
        }
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
            return v instanceof NlsString
                    ? ((NlsString) v).getValue()
                    : ((SqlLiteral) value).toValue();
        }
        return value.toString();
    }
}
