package io.tally.plan;

import io.tally.exec.state.CoMoments;
import io.tally.schema.MedianFunction;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.impl.AggregateFunctionImpl;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlBasicAggFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandTypeInference;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.util.Optionality;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Tally's aggregate functions beyond Calcite's, first in every statement's operator chain: MEDIAN
 * (numbers only), CORR and REGR_AVGX/AVGY/SLOPE/INTERCEPT/R2/SXY (user-defined aggregates over
 * {@link CoMomentFunctions}, so Calcite's own operators run them too), and MIN_BY/MAX_BY.
 *
 * <p>It also holds {@link #replacement replacements} for Calcite operators whose result type is
 * wrong ({@link AggregateReturnTypes}): equal to the original under {@link SqlOperator#equals}
 * (same class, name and kind), so Calcite's implementors still apply to them, in windows and with
 * {@code aggregate=calcite}; Tally's validator swaps them in.
 */
public final class TallyOperatorTable {
    private TallyOperatorTable() {}

    /** MEDIAN(x) of a number, DOUBLE ({@link MedianFunction}). */
    public static final SqlUserDefinedAggFunction MEDIAN =
            udaf("MEDIAN", 1, AggregateFunctionImpl.create(MedianFunction.class));

    public static final SqlUserDefinedAggFunction CORR =
            coMoment("CORR", CoMomentFunctions.Corr.class);
    public static final SqlUserDefinedAggFunction REGR_AVGX =
            coMoment("REGR_AVGX", CoMomentFunctions.RegrAvgx.class);
    public static final SqlUserDefinedAggFunction REGR_AVGY =
            coMoment("REGR_AVGY", CoMomentFunctions.RegrAvgy.class);
    public static final SqlUserDefinedAggFunction REGR_SLOPE =
            coMoment("REGR_SLOPE", CoMomentFunctions.RegrSlope.class);
    public static final SqlUserDefinedAggFunction REGR_INTERCEPT =
            coMoment("REGR_INTERCEPT", CoMomentFunctions.RegrIntercept.class);
    public static final SqlUserDefinedAggFunction REGR_R2 =
            coMoment("REGR_R2", CoMomentFunctions.RegrR2.class);
    public static final SqlUserDefinedAggFunction REGR_SXY =
            coMoment("REGR_SXY", CoMomentFunctions.RegrSxy.class);

    /** ARG_MIN / ARG_MAX with a result type nullable when the comparison value is. */
    static final SqlBasicAggFunction ARG_MIN = argExtreme("ARG_MIN", SqlKind.ARG_MIN);

    static final SqlBasicAggFunction ARG_MAX = argExtreme("ARG_MAX", SqlKind.ARG_MAX);

    /** Spark's names of ARG_MIN / ARG_MAX (equal to Calcite's SqlLibraryOperators ones). */
    static final SqlBasicAggFunction MIN_BY = argExtreme("MIN_BY", SqlKind.ARG_MIN);

    static final SqlBasicAggFunction MAX_BY = argExtreme("MAX_BY", SqlKind.ARG_MAX);

    private static final SqlBasicAggFunction PERCENTILE_CONT =
            percentile(SqlKind.PERCENTILE_CONT, AggregateReturnTypes.PERCENTILE_CONT);
    private static final SqlBasicAggFunction PERCENTILE_DISC =
            percentile(SqlKind.PERCENTILE_DISC, AggregateReturnTypes.PERCENTILE_DISC);
    private static final SqlAggFunction COLLECT =
            SqlBasicAggFunction.create(
                            SqlKind.COLLECT,
                            AggregateReturnTypes.nullableIfEmpty(
                                    ReturnTypes.TO_MULTISET.andThen(SqlTypeTransforms.TO_NULLABLE)),
                            OperandTypes.ANY)
                    .withFunctionType(SqlFunctionCategory.SYSTEM)
                    .withGroupOrder(Optionality.OPTIONAL);

    /** LISTAGG, NULL over no rows (STRING_AGG is rewritten into it by Tally's validator). */
    static final SqlAggFunction LISTAGG =
            listagg(AggregateReturnTypes.nullableIfEmpty(ReturnTypes.ARG0_NULLABLE));

    /** Functions looked up by name. */
    public static final SqlOperatorTable INSTANCE =
            SqlOperatorTables.of(
                    MEDIAN,
                    CORR,
                    REGR_AVGX,
                    REGR_AVGY,
                    REGR_SLOPE,
                    REGR_INTERCEPT,
                    REGR_R2,
                    REGR_SXY,
                    MIN_BY,
                    MAX_BY);

    private static final Map<SqlOperator, SqlOperator> REPLACEMENTS = new HashMap<>();
    private static final Map<SqlAggFunction, CoMoments.Function> CO_MOMENTS =
            Map.of(
                    CORR,
                    CoMoments.Function.CORR,
                    REGR_AVGX,
                    CoMoments.Function.REGR_AVGX,
                    REGR_AVGY,
                    CoMoments.Function.REGR_AVGY,
                    REGR_SLOPE,
                    CoMoments.Function.REGR_SLOPE,
                    REGR_INTERCEPT,
                    CoMoments.Function.REGR_INTERCEPT,
                    REGR_R2,
                    CoMoments.Function.REGR_R2,
                    REGR_SXY,
                    CoMoments.Function.REGR_SXY);

    static {
        for (SqlOperator op :
                List.of(ARG_MIN, ARG_MAX, PERCENTILE_CONT, PERCENTILE_DISC, COLLECT, LISTAGG)) {
            REPLACEMENTS.put(op, op);
        }
    }

    /**
     * {@code table} with every operator it finds swapped for its {@link #replacement}, so a name
     * resolves to Tally's operator alone (the validator resolves some calls again while deriving
     * their type; two equal candidates would match neither).
     */
    public static SqlOperatorTable replacing(SqlOperatorTable table) {
        return new SqlOperatorTable() {
            @Override
            public void lookupOperatorOverloads(
                    SqlIdentifier opName,
                    @Nullable SqlFunctionCategory category,
                    SqlSyntax syntax,
                    List<SqlOperator> operatorList,
                    SqlNameMatcher nameMatcher) {
                List<SqlOperator> found = new ArrayList<>();
                table.lookupOperatorOverloads(opName, category, syntax, found, nameMatcher);
                found.forEach(op -> operatorList.add(replacement(op)));
            }

            @Override
            public List<SqlOperator> getOperatorList() {
                return table.getOperatorList().stream()
                        .map(TallyOperatorTable::replacement)
                        .toList();
            }
        };
    }

    /**
     * The operator Tally uses for {@code op}: an equal one with a correct result type, or {@code
     * op} itself.
     */
    public static SqlOperator replacement(SqlOperator op) {
        SqlOperator r = REPLACEMENTS.get(op);
        return r == null ? op : r;
    }

    /** Whether {@code function} is Tally's MEDIAN. */
    static boolean isMedian(SqlAggFunction function) {
        return function == MEDIAN;
    }

    /** The co-moment function {@code function} computes, or null if it is not one of Tally's. */
    static CoMoments.Function coMoment(SqlAggFunction function) {
        return CO_MOMENTS.get(function);
    }

    private static SqlUserDefinedAggFunction coMoment(String name, Class<?> implementation) {
        return udaf(name, 2, AggregateFunctionImpl.create(implementation));
    }

    /**
     * A user-defined aggregate of {@code arity} numbers giving a nullable DOUBLE; its operands are
     * checked strictly ({@link NumericOperands}).
     */
    private static SqlUserDefinedAggFunction udaf(
            String name, int arity, AggregateFunctionImpl function) {
        SqlOperandTypeInference doubles =
                (binding, returnType, operandTypes) -> {
                    RelDataTypeFactory f = binding.getTypeFactory();
                    RelDataType type =
                            f.createTypeWithNullability(f.createSqlType(SqlTypeName.DOUBLE), true);
                    Arrays.fill(operandTypes, type);
                };
        SqlReturnTypeInference result =
                ReturnTypes.DOUBLE.andThen(SqlTypeTransforms.FORCE_NULLABLE);
        return new SqlUserDefinedAggFunction(
                new SqlIdentifier(name, SqlParserPos.ZERO),
                SqlKind.OTHER_FUNCTION,
                result,
                doubles,
                new NumericOperands(arity),
                function,
                false,
                false,
                Optionality.FORBIDDEN);
    }

    private static SqlBasicAggFunction argExtreme(String name, SqlKind kind) {
        return SqlBasicAggFunction.create(
                        name, kind, AggregateReturnTypes.ARG_EXTREME, OperandTypes.ANY_COMPARABLE)
                .withGroupOrder(Optionality.FORBIDDEN)
                .withFunctionType(SqlFunctionCategory.SYSTEM);
    }

    private static SqlBasicAggFunction percentile(SqlKind kind, SqlReturnTypeInference type) {
        return SqlBasicAggFunction.create(kind, type, OperandTypes.UNIT_INTERVAL_NUMERIC_LITERAL)
                .withFunctionType(SqlFunctionCategory.SYSTEM)
                .withGroupOrder(Optionality.MANDATORY)
                .withPercentile(true)
                .withAllowsFraming(false);
    }

    /**
     * Calcite's LISTAGG operator class with another result type. Its constructor is package
     * private, and only an instance of that class is equal to {@link SqlStdOperatorTable#LISTAGG}
     * (which Calcite's implementors are registered under), so it is called reflectively.
     */
    private static SqlAggFunction listagg(SqlReturnTypeInference type) {
        try {
            Class<?> c = SqlStdOperatorTable.LISTAGG.getClass();
            Constructor<?> k =
                    c.getDeclaredConstructor(SqlKind.class, SqlReturnTypeInference.class);
            k.setAccessible(true);
            SqlAggFunction f = (SqlAggFunction) k.newInstance(SqlKind.LISTAGG, type);
            if (!f.equals(SqlStdOperatorTable.LISTAGG)) {
                throw new IllegalStateException("not equal to Calcite's LISTAGG: " + f);
            }
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException(
                    "Calcite's LISTAGG operator changed shape; Tally needs"
                            + " its (SqlKind, SqlReturnTypeInference) constructor",
                    e);
        }
    }
}
