package io.tally.spark;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.expr.Expr;
import io.tally.exec.expr.Op;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.Cast;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Translates Spark's DataSource V2 expressions into Tally {@link Expr}s over the table's columns
 * ({@link Op#INPUT} numbers are table column indexes), or answers {@code null} for what Tally
 * cannot evaluate with exactly Spark's result, which then stays in Spark.
 *
 * <p>Predicates: {@code = <> < <= > >= <=>}, {@code IS [NOT] NULL}, {@code AND OR NOT}, {@code IN}
 * (literals), {@code STARTS_WITH ENDS_WITH CONTAINS} (as LIKE; a pattern holding {@code %} or
 * {@code _} stays in Spark), {@code ALWAYS_TRUE/FALSE}. Operands: columns, literals, and widening
 * numeric casts (integer to a wider integer or a floating type, REAL or DECIMAL to DOUBLE).
 * Narrowing casts and arithmetic stay in Spark: Tally wraps integers where ANSI Spark fails.
 */
final class ExprTranslator {
    private static final DataType BOOLEAN = new DataType(ColumnType.BOOLEAN, 0, 0, true);
    private static final long MICROS_PER_MILLI = 1000;

    /** Most DECIMAL digits Tally's batch kernels read (a long's worth). */
    private static final int KERNEL_DECIMAL_DIGITS = 18;

    /** A table column: its index and Tally type. */
    record Column(int index, DataType type) {}

    private final Map<String, Column> columns;

    /** {@code columns} maps each column name (as in the table's schema) to its column. */
    ExprTranslator(Map<String, Column> columns) {
        this.columns = columns;
    }

    /** The column a reference names, or null. */
    Column column(Expression e) {
        if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
            return null;
        }
        String name = ref.fieldNames()[0];
        Column c = columns.get(name);
        if (c == null) {
            for (Map.Entry<String, Column> entry : columns.entrySet()) {
                if (entry.getKey().equalsIgnoreCase(name)) {
                    return entry.getValue();
                }
            }
        }
        return c;
    }

    /** A BOOLEAN expression for {@code p}, or null when it stays in Spark. */
    Expr predicate(Predicate p) {
        Expression[] c = p.children();
        switch (p.name()) {
            case "=":
                return compare(Op.EQUALS, c);
            case "<>":
                return compare(Op.NOT_EQUALS, c);
            case "<":
                return compare(Op.LESS_THAN, c);
            case "<=":
                return compare(Op.LESS_THAN_OR_EQUAL, c);
            case ">":
                return compare(Op.GREATER_THAN, c);
            case ">=":
                return compare(Op.GREATER_THAN_OR_EQUAL, c);
            case "<=>":
                return nullSafeEquals(c);
            case "IS_NULL":
                return unary(Op.IS_NULL, c);
            case "IS_NOT_NULL":
                return unary(Op.IS_NOT_NULL, c);
            case "AND":
                return logic(Op.AND, c);
            case "OR":
                return logic(Op.OR, c);
            case "NOT":
                return logic(Op.NOT, c);
            case "IN":
                return in(c);
            case "STARTS_WITH":
                return like(c, "", "%");
            case "ENDS_WITH":
                return like(c, "%", "");
            case "CONTAINS":
                return like(c, "%", "%");
            case "ALWAYS_TRUE":
                return Expr.literal(Boolean.TRUE, BOOLEAN);
            case "ALWAYS_FALSE":
                return Expr.literal(Boolean.FALSE, BOOLEAN);
            default:
                return null;
        }
    }

    /** A value expression: a column, a literal or a widening numeric cast of one; else null. */
    Expr operand(Expression e) {
        Column c = column(e);
        if (c != null) {
            return Expr.input(c.index(), c.type());
        }
        if (e instanceof Literal<?> literal) {
            return literal(literal);
        }
        if (e instanceof Cast cast) {
            Expr inner = operand(cast.expression());
            DataType target = tallyType(cast.dataType());
            if (inner == null
                    || target == null
                    || !widens(inner.type(), target)
                    || unreadable(inner.type(), "") != null) {
                return null;
            }
            return Expr.call(Op.CAST, target.withNullable(inner.type().nullable()), inner);
        }
        if (e instanceof Predicate p) {
            return predicate(p);
        }
        return null;
    }

    private Expr compare(Op op, Expression[] c) {
        if (c.length != 2) {
            return null;
        }
        Expr a = operand(c[0]);
        Expr b = operand(c[1]);
        if (a == null || b == null || !comparable(a.type(), b.type())) {
            return null;
        }
        return Expr.call(op, BOOLEAN, a, b);
    }

    private Expr nullSafeEquals(Expression[] c) {
        Expr equals = compare(Op.EQUALS, c);
        if (equals == null) {
            return null;
        }
        Expr a = equals.args().get(0);
        Expr b = equals.args().get(1);
        Expr bothNull =
                Expr.call(
                        Op.AND,
                        BOOLEAN,
                        Expr.call(Op.IS_NULL, BOOLEAN, a),
                        Expr.call(Op.IS_NULL, BOOLEAN, b));
        return Expr.call(Op.OR, BOOLEAN, bothNull, Expr.call(Op.IS_TRUE, BOOLEAN, equals));
    }

    private Expr unary(Op op, Expression[] c) {
        Expr a = c.length == 1 ? operand(c[0]) : null;
        return a == null ? null : Expr.call(op, BOOLEAN, a);
    }

    private Expr logic(Op op, Expression[] c) {
        List<Expr> args = new ArrayList<>(c.length);
        for (Expression child : c) {
            Expr a = child instanceof Predicate p ? predicate(p) : null;
            if (a == null) {
                return null;
            }
            args.add(a);
        }
        return Expr.call(op, BOOLEAN, args);
    }

    private Expr in(Expression[] c) {
        if (c.length < 2) {
            return null;
        }
        Expr any = null;
        for (int i = 1; i < c.length; i++) {
            Expr eq = compare(Op.EQUALS, new Expression[] {c[0], c[i]});
            if (eq == null) {
                return null;
            }
            any = any == null ? eq : Expr.call(Op.OR, BOOLEAN, any, eq);
        }
        return any;
    }

    private Expr like(Expression[] c, String before, String after) {
        if (c.length != 2
                || !(c[1] instanceof Literal<?> lit)
                || !(lit.value() instanceof UTF8String text)) {
            return null;
        }
        String s = text.toString();
        Expr a = operand(c[0]);
        if (a == null || !isText(a.type()) || s.indexOf('%') >= 0 || s.indexOf('_') >= 0) {
            return null;
        }
        return new Expr(Op.LIKE, BOOLEAN, List.of(a), before + s + after);
    }

    /** A literal in Tally's value classes (see {@link Op#LITERAL}), or null if it has none. */
    private static Expr literal(Literal<?> literal) {
        DataType type = tallyType(literal.dataType());
        Object v = literal.value();
        if (type == null) {
            return null;
        }
        if (v == null) {
            return Expr.literal(null, type);
        }
        switch (type.type()) {
            case BOOLEAN:
                return Expr.literal(v, type);
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case DATE:
                return Expr.literal(((Number) v).longValue(), type);
            case REAL:
            case DOUBLE:
                return Expr.literal(((Number) v).doubleValue(), type);
            case TIMESTAMP:
                long micros = (Long) v;
                return micros % MICROS_PER_MILLI != 0
                        ? null
                        : Expr.literal(micros / MICROS_PER_MILLI, type);
            case VARCHAR:
                return Expr.literal(v.toString(), type);
            case DECIMAL:
                BigDecimal d = ((Decimal) v).toJavaBigDecimal().setScale(type.scale());
                return d.unscaledValue().bitLength() < Long.SIZE
                        ? Expr.literal(d.unscaledValue().longValue(), type)
                        : null;
            default:
                return null;
        }
    }

    /** Tally's type for a Spark type that literals, casts and columns share; null if none. */
    static DataType tallyType(org.apache.spark.sql.types.DataType t) {
        ColumnType c;
        if (t.equals(DataTypes.BooleanType)) {
            c = ColumnType.BOOLEAN;
        } else if (t.equals(DataTypes.ByteType)) {
            c = ColumnType.TINYINT;
        } else if (t.equals(DataTypes.ShortType)) {
            c = ColumnType.SMALLINT;
        } else if (t.equals(DataTypes.IntegerType)) {
            c = ColumnType.INTEGER;
        } else if (t.equals(DataTypes.LongType)) {
            c = ColumnType.BIGINT;
        } else if (t.equals(DataTypes.FloatType)) {
            c = ColumnType.REAL;
        } else if (t.equals(DataTypes.DoubleType)) {
            c = ColumnType.DOUBLE;
        } else if (t.equals(DataTypes.DateType)) {
            c = ColumnType.DATE;
        } else if (t.equals(DataTypes.TimestampNTZType)) {
            c = ColumnType.TIMESTAMP;
        } else if (t.equals(DataTypes.StringType)) {
            c = ColumnType.VARCHAR;
        } else if (t instanceof DecimalType d) {
            return DataType.decimal(d.precision(), d.scale());
        } else {
            return null;
        }
        return DataType.of(c);
    }

    /**
     * Whether Tally's batch kernels read columns of this type (a filter or a cast reads them; a
     * calc after a filter also copies every column it passes on): all but VARBINARY, VARCHAR ARRAY
     * and DECIMALs of more than 18 digits. A reason why not, or null.
     */
    static String unreadable(DataType t, String column) {
        ColumnType c = t.type();
        if (c == ColumnType.VARBINARY
                || c.isCollection()
                || c == ColumnType.DECIMAL && t.precision() > KERNEL_DECIMAL_DIGITS) {
            return "column " + column + " is " + t + ", which Tally's batch kernels do not read";
        }
        return null;
    }

    /** Whether CAST(from AS to) is exact in Tally and Spark alike (widening, no overflow). */
    private static boolean widens(DataType from, DataType to) {
        ColumnType f = from.type();
        ColumnType t = to.type();
        if (f == t && f != ColumnType.DECIMAL) {
            return true;
        }
        if (f.isInteger()) {
            return t == ColumnType.DOUBLE
                    || t == ColumnType.REAL
                    || (t.isInteger() && t.ordinal() >= f.ordinal());
        }
        return t == ColumnType.DOUBLE && (f == ColumnType.REAL || f == ColumnType.DECIMAL);
    }

    private static boolean comparable(DataType a, DataType b) {
        return kind(a) != null && kind(a).equals(kind(b));
    }

    /** The class of values a comparison may mix: numbers, text, or one type alone. */
    private static String kind(DataType t) {
        ColumnType c = t.type();
        if (c.isInteger()
                || c == ColumnType.REAL
                || c == ColumnType.DOUBLE
                || c == ColumnType.DECIMAL) {
            return "number";
        }
        if (isText(t)) {
            return "text";
        }
        return c == ColumnType.VARBINARY || c.isCollection() ? null : c.name();
    }

    private static boolean isText(DataType t) {
        return t.type() == ColumnType.VARCHAR || t.type() == ColumnType.CHAR;
    }
}
