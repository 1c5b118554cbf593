package io.tally.plan;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.expr.CalcProgram;
import io.tally.exec.expr.Expr;
import io.tally.exec.expr.Op;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Translates a {@link RexProgram} into the runtime's {@link CalcProgram}, or reports that it
 * cannot: only expressions whose vectorized answers are exactly Calcite's are accepted (see {@link
 * #translate}); anything else stays on Calcite's row path.
 */
final class BatchCalcTranslator {
    /** Types a vectorized expression may take or read. */
    private static final Set<SqlTypeName> TYPES =
            Set.of(
                    SqlTypeName.BOOLEAN,
                    SqlTypeName.TINYINT,
                    SqlTypeName.SMALLINT,
                    SqlTypeName.INTEGER,
                    SqlTypeName.BIGINT,
                    SqlTypeName.REAL,
                    SqlTypeName.FLOAT,
                    SqlTypeName.DOUBLE,
                    SqlTypeName.DATE,
                    SqlTypeName.TIME,
                    SqlTypeName.TIMESTAMP,
                    SqlTypeName.CHAR,
                    SqlTypeName.VARCHAR,
                    SqlTypeName.DECIMAL);

    /**
     * Most digits of a DECIMAL the kernels hold in one long; wider ones (up to 38 digits) are
     * 128-bit values. A narrow result never has a wide operand (Calcite's result types are at least
     * as wide as their operands).
     */
    private static final int LONG_DECIMAL_DIGITS = 18;

    /** Digits of the widest value of each integer type, for casts to DECIMAL. */
    private static final int[] INTEGER_DIGITS = {3, 5, 10, 19};

    private static final long MILLIS_PER_DAY = 86_400_000L;

    /**
     * Most characters of a BIGINT as text, the shortest VARCHAR a cast from integers may target.
     */
    private static final int MAX_INTEGER_CHARS = 20;

    private final RexBuilder rexBuilder;

    /** Why the last {@link #program} returned null: the first unsupported expression. */
    private String reason;

    private List<String> inputNames = List.of();
    private final List<DataType> inputTypes = new ArrayList<>();

    /** Whether each input column has a type the kernels can read. */
    private final List<Boolean> readable = new ArrayList<>();

    private BatchCalcTranslator(RexBuilder rexBuilder) {
        this.rexBuilder = rexBuilder;
    }

    /**
     * The runtime form of {@code program}, or null if some expression or type is not supported:
     * column references, literals, {@code + - * / MOD} on integers and floating point, comparisons,
     * AND/OR/NOT, IS [NOT] NULL/TRUE/FALSE, CASE, SEARCH (expanded), widening numeric casts and
     * casts to VARCHAR, UPPER, LOWER, CHAR_LENGTH, SUBSTRING, ||, LIKE with a constant {@code
     * %}-only pattern, EXTRACT(YEAR|MONTH|DAY FROM date), date plus/minus whole days; DECIMAL (up
     * to 38 digits) literals, {@code + - *}, comparisons and widening casts; ABS, EXP, POWER; TRIM
     * of one ASCII character. COALESCE, NULLIF and BETWEEN arrive as CASE and comparisons, IN lists
     * as SEARCH.
     */
    static CalcProgram translate(RexProgram program, RexBuilder rexBuilder) {
        return new BatchCalcTranslator(rexBuilder).program(program);
    }

    /**
     * Why {@code program} cannot be vectorized, for EXPLAIN: the first expression (innermost first)
     * the kernels do not support, with its type and input columns by name, e.g. {@code /(x, 3) :
     * DECIMAL(21, 13)}; null if it can be.
     */
    static String unsupportedReason(RexProgram program, RexBuilder rexBuilder) {
        BatchCalcTranslator translator = new BatchCalcTranslator(rexBuilder);
        return translator.program(program) == null ? translator.reason : null;
    }

    private CalcProgram program(RexProgram program) {
        inputNames = program.getInputRowType().getFieldNames();
        try {
            for (RelDataTypeField f : program.getInputRowType().getFieldList()) {
                inputTypes.add(ExecTypes.of(f.getType(), "column " + f.getName()));
                readable.add(TYPES.contains(f.getType().getSqlTypeName()));
            }
            Expr condition =
                    program.getCondition() == null
                            ? null
                            : expr(program.expandLocalRef(program.getCondition()));
            List<Expr> projects = new ArrayList<>();
            for (RexLocalRef ref : program.getProjectList()) {
                projects.add(expr(program.expandLocalRef(ref)));
            }
            return new CalcProgram(inputTypes, condition, projects);
        } catch (Unsupported e) {
            RexNode node = e.node;
            reason =
                    node == null
                            ? "unsupported expression"
                            : OperatorAttributes.names(node.toString(), inputNames)
                                    + " : "
                                    + node.getType().getFullTypeString();
            return null;
        } catch (ExecTypes.UnsupportedTypeException e) {
            reason = e.getMessage();
            return null;
        }
    }

    /** The kernel form of {@code node}; an unsupported node is recorded on the way out. */
    private Expr expr(RexNode node) {
        try {
            return translateNode(node);
        } catch (Unsupported e) {
            if (e.node == null) {
                e.node = node;
            }
            throw e;
        }
    }

    private Expr translateNode(RexNode node) {
        DataType type = type(node.getType());
        if (node instanceof RexInputRef ref) {
            if (!readable.get(ref.getIndex())) {
                throw new Unsupported();
            }
            return Expr.input(ref.getIndex(), type);
        }
        if (node instanceof RexLiteral literal) {
            return Expr.literal(literalValue(literal), type);
        }
        if (!(node instanceof RexCall call)) {
            throw new Unsupported();
        }
        if (DecimalOverflow.isCheck(call)) {
            return expr(call.getOperands().get(0)); // the kernels check DECIMAL ranges themselves
        }
        SqlKind kind = call.getKind();
        switch (kind) {
            case SEARCH:
                return expr(RexUtil.expandSearch(rexBuilder, null, call));
            case PLUS:
            case MINUS:
                if (isType(call.getOperands().get(0), SqlTypeName.DATE)) {
                    return datePlus(call, type, kind == SqlKind.MINUS);
                }
                return arithmetic(call, type, kind == SqlKind.PLUS ? Op.PLUS : Op.MINUS);
            // integer kernels always check overflow, so Calcite's CHECKED operators map to the same
            case CHECKED_PLUS:
                return arithmetic(call, type, Op.PLUS);
            case CHECKED_MINUS:
                return arithmetic(call, type, Op.MINUS);
            case TIMES:
            case CHECKED_TIMES:
                return arithmetic(call, type, Op.TIMES);
            case DIVIDE:
            case CHECKED_DIVIDE:
                return arithmetic(call, type, Op.DIVIDE);
            case MOD:
                requireIntegers(call);
                return arithmetic(call, type, Op.MOD);
            case MINUS_PREFIX:
            case CHECKED_MINUS_PREFIX:
                return arithmetic(call, type, Op.NEGATE);
            case PLUS_PREFIX:
                return expr(call.getOperands().get(0));
            case EQUALS:
                return compare(call, type, Op.EQUALS);
            case NOT_EQUALS:
                return compare(call, type, Op.NOT_EQUALS);
            case LESS_THAN:
                return compare(call, type, Op.LESS_THAN);
            case LESS_THAN_OR_EQUAL:
                return compare(call, type, Op.LESS_THAN_OR_EQUAL);
            case GREATER_THAN:
                return compare(call, type, Op.GREATER_THAN);
            case GREATER_THAN_OR_EQUAL:
                return compare(call, type, Op.GREATER_THAN_OR_EQUAL);
            case AND:
                return Expr.call(Op.AND, type, args(call));
            case OR:
                return Expr.call(Op.OR, type, args(call));
            case NOT:
                return Expr.call(Op.NOT, type, args(call));
            case IS_NULL:
                return Expr.call(Op.IS_NULL, type, List.of(expr(nullSource(call))));
            case IS_NOT_NULL:
                return Expr.call(Op.IS_NOT_NULL, type, List.of(expr(nullSource(call))));
            case IS_TRUE:
                return Expr.call(Op.IS_TRUE, type, args(call));
            case IS_NOT_TRUE:
                return Expr.call(Op.IS_NOT_TRUE, type, args(call));
            case IS_FALSE:
                return Expr.call(Op.IS_FALSE, type, args(call));
            case IS_NOT_FALSE:
                return Expr.call(Op.IS_NOT_FALSE, type, args(call));
            case CASE:
                return caseWhen(call, type);
            case CAST:
                return cast(call, type);
            case LIKE:
                return like(call, type);
            case EXTRACT:
                return extract(call, type);
            default:
                return function(call, type);
        }
    }

    private Expr function(RexCall call, DataType type) {
        SqlOperator op = call.getOperator();
        if (op == SqlStdOperatorTable.TRIM) {
            return trim(call, type);
        }
        List<Expr> args = args(call);
        if (op == SqlStdOperatorTable.ABS
                || op == SqlStdOperatorTable.EXP
                || op == SqlStdOperatorTable.POWER) {
            return math(op, args, type);
        }
        if (args.isEmpty() || !isString(args.get(0).type())) {
            throw new Unsupported();
        }
        if (op == SqlStdOperatorTable.UPPER) {
            return Expr.call(Op.UPPER, type, args);
        } else if (op == SqlStdOperatorTable.LOWER) {
            return Expr.call(Op.LOWER, type, args);
        } else if (op == SqlStdOperatorTable.CHAR_LENGTH
                || op == SqlStdOperatorTable.CHARACTER_LENGTH) {
            return Expr.call(Op.CHAR_LENGTH, type, args);
        } else if (op == SqlStdOperatorTable.CONCAT
                && args.size() == 2
                && isString(args.get(1).type())) {
            return Expr.call(Op.CONCAT, type, args);
        } else if (op == SqlStdOperatorTable.SUBSTRING) {
            for (Expr position : args.subList(1, args.size())) {
                if (position.type().type() != ColumnType.INTEGER) {
                    throw new Unsupported();
                }
            }
            return Expr.call(Op.SUBSTRING, type, args);
        }
        throw new Unsupported();
    }

    /**
     * ABS in the argument's own type (integers, DECIMAL, REAL, DOUBLE); EXP and POWER with DOUBLE
     * results over numbers (converted to double as Calcite's {@code SqlFunctions} overloads do).
     */
    private static Expr math(SqlOperator op, List<Expr> args, DataType type) {
        for (Expr a : args) {
            if (!isNumber(a.type()) && a.type().type() != ColumnType.DECIMAL) {
                throw new Unsupported();
            }
        }
        if (op == SqlStdOperatorTable.ABS) {
            DataType arg = args.get(0).type();
            if (arg.type() != type.type() || arg.scale() != type.scale()) {
                throw new Unsupported();
            }
            return Expr.call(Op.ABS, type, args);
        }
        if (type.type() != ColumnType.DOUBLE) {
            throw new Unsupported();
        }
        return Expr.call(op == SqlStdOperatorTable.EXP ? Op.EXP : Op.POWER, type, args);
    }

    /** TRIM of one ASCII character from a string ({@link Op#TRIM}). */
    private Expr trim(RexCall call, DataType type) {
        List<RexNode> operands = call.getOperands();
        if (operands.size() != 3
                || !(operands.get(0) instanceof RexLiteral flag)
                || !(operands.get(1) instanceof RexLiteral seek)) {
            throw new Unsupported();
        }
        SqlTrimFunction.Flag f = flag.getValueAs(SqlTrimFunction.Flag.class);
        String c = seek.getValueAs(String.class);
        Expr s = expr(operands.get(2));
        if (f == null
                || c == null
                || c.length() != 1
                || c.charAt(0) >= 0x80
                || !isString(s.type())
                || !isString(type)) {
            throw new Unsupported();
        }
        return new Expr(Op.TRIM, type, List.of(s), f.name() + c);
    }

    /**
     * Arithmetic whose result family is its operands' (Java's promotion): an integer result from
     * integers only, a floating-point one with at least one floating-point operand and no DOUBLE
     * operand under a REAL result.
     */
    private Expr arithmetic(RexCall call, DataType type, Op op) {
        List<Expr> args = args(call);
        if (type.type() == ColumnType.DECIMAL) {
            return decimalArithmetic(args, type, op);
        }
        boolean anyFloat = false;
        for (Expr a : args) {
            if (!isNumber(a.type())
                    || (type.type() == ColumnType.REAL && a.type().type() == ColumnType.DOUBLE)) {
                throw new Unsupported();
            }
            anyFloat |= !a.type().type().isInteger();
        }
        if (!isNumber(type) || anyFloat == type.type().isInteger()) {
            throw new Unsupported();
        }
        return Expr.call(op, type, args);
    }

    /**
     * DECIMAL {@code + - *} and negation over DECIMAL and integer operands (integers being scale 0)
     * whose declared scale is the one Java's {@code BigDecimal} arithmetic gives (the larger
     * operand scale for {@code + -}, their sum for {@code *}), so the kernels' scaled longs are the
     * values Calcite computes. Division (rounded to 16 digits by Calcite) stays on rows.
     */
    private static Expr decimalArithmetic(List<Expr> args, DataType type, Op op) {
        int natural = 0;
        for (Expr a : args) {
            if (!isExact(a.type())
                    || (isWide(a.type()) && type.precision() <= LONG_DECIMAL_DIGITS)) {
                throw new Unsupported();
            }
            natural =
                    op == Op.TIMES
                            ? natural + a.type().scale()
                            : Math.max(natural, a.type().scale());
        }
        if (op == Op.DIVIDE || op == Op.MOD || natural != type.scale()) {
            throw new Unsupported();
        }
        return Expr.call(op, type, args);
    }

    private Expr compare(RexCall call, DataType type, Op op) {
        List<Expr> args = args(call);
        ColumnType a = args.get(0).type().type();
        ColumnType b = args.get(1).type().type();
        boolean numbers = isNumber(args.get(0).type()) && isNumber(args.get(1).type());
        boolean strings = isString(args.get(0).type()) && isString(args.get(1).type());
        boolean exact = isExact(args.get(0).type()) && isExact(args.get(1).type());
        if (!numbers && !strings && !exact && a != b) {
            throw new Unsupported();
        }
        return Expr.call(op, type, args);
    }

    /**
     * What decides whether {@code test}'s operand is NULL: a cast of a string to an integer is NULL
     * exactly when the string is, and Calcite's row code does not parse the string for that test
     * (so a text that is not a number answers there rather than failing).
     */
    private static RexNode nullSource(RexCall test) {
        RexNode operand = test.getOperands().get(0);
        if (operand instanceof RexCall cast
                && cast.getKind() == SqlKind.CAST
                && SqlTypeUtil.isCharacter(cast.getOperands().get(0).getType())
                && SqlTypeUtil.isIntType(cast.getType())) {
            return cast.getOperands().get(0);
        }
        return operand;
    }

    private Expr cast(RexCall call, DataType type) {
        Expr arg = expr(call.getOperands().get(0));
        ColumnType from = arg.type().type();
        ColumnType to = type.type();
        RelDataType target = call.getType();
        boolean ok;
        if (from == to && from == ColumnType.DECIMAL) {
            ok = fitsDecimal(arg.type(), type);
        } else if (from == to) {
            ok =
                    !isString(type)
                            || target.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED
                            || target.getPrecision()
                                    >= call.getOperands().get(0).getType().getPrecision();
        } else if (from.isInteger() && to.isInteger()) {
            ok = width(to) >= width(from);
        } else if (to.isInteger()) {
            ok = from == ColumnType.CHAR || from == ColumnType.VARCHAR;
        } else if (to == ColumnType.DECIMAL) {
            ok = fitsDecimal(arg.type(), type);
        } else if (to == ColumnType.DOUBLE) {
            ok = from.isInteger() || from == ColumnType.REAL || from == ColumnType.DECIMAL;
        } else if (to == ColumnType.REAL) {
            ok = from.isInteger();
        } else if (to == ColumnType.VARCHAR) {
            boolean unbounded = target.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED;
            ok =
                    (from == ColumnType.CHAR
                                    && (unbounded
                                            || target.getPrecision()
                                                    >= call.getOperands()
                                                            .get(0)
                                                            .getType()
                                                            .getPrecision()))
                            || (from.isInteger()
                                    && (unbounded || target.getPrecision() >= MAX_INTEGER_CHARS));
        } else {
            ok = false;
        }
        if (!ok) {
            throw new Unsupported();
        }
        return Expr.call(Op.CAST, type, arg);
    }

    /**
     * Whether every value of {@code from} (an integer or DECIMAL type) is exactly a value of the
     * DECIMAL type {@code to}: no fewer integer digits and no fewer fraction digits, so the cast is
     * a multiplication by a power of ten that cannot overflow or round.
     */
    private static boolean fitsDecimal(DataType from, DataType to) {
        if (from.type() == ColumnType.DECIMAL) {
            return to.scale() >= from.scale()
                    && to.precision() - to.scale() >= from.precision() - from.scale();
        }
        return from.type().isInteger() && to.precision() - to.scale() >= integerDigits(from.type());
    }

    private static int integerDigits(ColumnType t) {
        return INTEGER_DIGITS[t.ordinal() - ColumnType.TINYINT.ordinal()];
    }

    private Expr like(RexCall call, DataType type) {
        SqlOperator op = call.getOperator();
        if ((op != SqlStdOperatorTable.LIKE && op != SqlStdOperatorTable.NOT_LIKE)
                || call.getOperands().size() != 2
                || !(call.getOperands().get(1) instanceof RexLiteral pattern)) {
            throw new Unsupported();
        }
        Expr s = expr(call.getOperands().get(0));
        String p = pattern.getValueAs(String.class);
        if (!isString(s.type()) || p == null || p.indexOf('_') >= 0 || p.indexOf('\\') >= 0) {
            throw new Unsupported();
        }
        Expr like = new Expr(Op.LIKE, type, List.of(s), p);
        return op == SqlStdOperatorTable.NOT_LIKE ? Expr.call(Op.NOT, type, like) : like;
    }

    private Expr extract(RexCall call, DataType type) {
        RexNode unit = call.getOperands().get(0);
        Expr date = expr(call.getOperands().get(1));
        if (!(unit instanceof RexLiteral u) || date.type().type() != ColumnType.DATE) {
            throw new Unsupported();
        }
        TimeUnitRange range = u.getValueAs(TimeUnitRange.class);
        Op op =
                range == TimeUnitRange.YEAR
                        ? Op.EXTRACT_YEAR
                        : range == TimeUnitRange.MONTH
                                ? Op.EXTRACT_MONTH
                                : range == TimeUnitRange.DAY ? Op.EXTRACT_DAY : null;
        if (op == null || !type.type().isInteger()) {
            throw new Unsupported();
        }
        return Expr.call(op, type, date);
    }

    private Expr datePlus(RexCall call, DataType type, boolean minus) {
        RexNode interval = call.getOperands().get(1);
        if (type.type() != ColumnType.DATE
                || !(interval instanceof RexLiteral lit)
                || interval.getType().getSqlTypeName() != SqlTypeName.INTERVAL_DAY) {
            throw new Unsupported();
        }
        BigDecimal millis = lit.getValueAs(BigDecimal.class);
        if (millis == null || millis.remainder(BigDecimal.valueOf(MILLIS_PER_DAY)).signum() != 0) {
            throw new Unsupported();
        }
        long days = millis.longValueExact() / MILLIS_PER_DAY;
        Expr n = Expr.literal(minus ? -days : days, DataType.of(ColumnType.BIGINT));
        return Expr.call(Op.DATE_PLUS_DAYS, type, expr(call.getOperands().get(0)), n);
    }

    /** CASE; DECIMAL branches must already have the result's scale (Calcite does not rescale). */
    private Expr caseWhen(RexCall call, DataType type) {
        List<Expr> args = args(call);
        if (type.type() == ColumnType.DECIMAL) {
            for (int i = 0; i < args.size(); i++) {
                if (i % 2 == 0 && i != args.size() - 1) {
                    continue; // a WHEN condition
                }
                Expr v = args.get(i);
                boolean nullLiteral = v.op() == Op.LITERAL && v.value() == null;
                if (!nullLiteral
                        && (v.type().type() != ColumnType.DECIMAL
                                || v.type().scale() != type.scale())) {
                    throw new Unsupported();
                }
            }
        }
        return Expr.call(Op.CASE, type, args);
    }

    private List<Expr> args(RexCall call) {
        List<Expr> args = new ArrayList<>(call.getOperands().size());
        for (RexNode operand : call.getOperands()) {
            args.add(expr(operand));
        }
        return args;
    }

    private static Object literalValue(RexLiteral literal) {
        if (literal.isNull()) {
            return null;
        }
        SqlTypeName t = literal.getType().getSqlTypeName();
        switch (t) {
            case BOOLEAN:
                return literal.getValueAs(Boolean.class);
            case CHAR:
            case VARCHAR:
                return literal.getValueAs(String.class);
            case DATE:
            case TIME:
                return literal.getValueAs(Integer.class).longValue();
            case TIMESTAMP:
                return literal.getValueAs(Long.class);
            case DECIMAL:
                BigInteger unscaled;
                try {
                    unscaled =
                            literal.getValueAs(BigDecimal.class)
                                    .setScale(literal.getType().getScale())
                                    .unscaledValue();
                } catch (ArithmeticException e) {
                    throw new Unsupported();
                }
                return unscaled.bitLength() < Long.SIZE ? (Object) unscaled.longValue() : unscaled;
            case REAL:
            case FLOAT:
            case DOUBLE:
                return literal.getValueAs(Double.class);
            default:
                BigDecimal v = literal.getValueAs(BigDecimal.class);
                try {
                    return v.longValueExact();
                } catch (ArithmeticException e) {
                    throw new Unsupported();
                }
        }
    }

    private static DataType type(RelDataType type) {
        if (!TYPES.contains(type.getSqlTypeName())) {
            throw new Unsupported();
        }
        return ExecTypes.of(type, "expression");
    }

    private static boolean isType(RexNode node, SqlTypeName name) {
        return node.getType().getSqlTypeName() == name;
    }

    private static void requireIntegers(RexCall call) {
        for (RexNode operand : call.getOperands()) {
            if (!SqlTypeName.INT_TYPES.contains(operand.getType().getSqlTypeName())) {
                throw new Unsupported();
            }
        }
    }

    private static boolean isNumber(DataType t) {
        return t.type().isInteger() || t.type() == ColumnType.REAL || t.type() == ColumnType.DOUBLE;
    }

    /** Integers and DECIMAL: the types compared and added as scaled longs. */
    private static boolean isExact(DataType t) {
        return t.type().isInteger() || t.type() == ColumnType.DECIMAL;
    }

    private static boolean isWide(DataType t) {
        return t.type() == ColumnType.DECIMAL && t.precision() > LONG_DECIMAL_DIGITS;
    }

    private static boolean isString(DataType t) {
        return t.type() == ColumnType.CHAR || t.type() == ColumnType.VARCHAR;
    }

    /** Integer types are declared narrowest first, so their order is their width order. */
    private static int width(ColumnType t) {
        return t.ordinal();
    }

    /** Thrown inside the translator when an expression cannot be vectorized; never escapes. */
    private static final class Unsupported extends RuntimeException {
        /**
         * The innermost expression that could not be translated, set as the exception leaves it.
         */
        private RexNode node;

        Unsupported() {
            super(null, null, false, false);
        }
    }
}
