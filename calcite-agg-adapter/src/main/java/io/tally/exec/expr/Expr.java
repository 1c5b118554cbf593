package io.tally.exec.expr;

import io.tally.batch.DataType;
import java.io.Serializable;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A read-only description of one scalar expression: an operation, the type of its result, its
 * arguments and, for {@link Op#INPUT}, {@link Op#LITERAL} and {@link Op#LIKE}, a value.
 */
public record Expr(Op op, DataType type, List<Expr> args, Object value) implements Serializable {
    public Expr {
        args = List.copyOf(args);
    }

    /** Input column {@code column} of type {@code type}. */
    public static Expr input(int column, DataType type) {
        return new Expr(Op.INPUT, type, List.of(), column);
    }

    /** A constant; see {@link Op#LITERAL} for the Java class of each type. */
    public static Expr literal(Object value, DataType type) {
        return new Expr(Op.LITERAL, type, List.of(), value);
    }

    /** An operation without a value. */
    public static Expr call(Op op, DataType type, Expr... args) {
        return new Expr(op, type, List.of(args), null);
    }

    /** An operation without a value, arguments as a list. */
    public static Expr call(Op op, DataType type, List<Expr> args) {
        return new Expr(op, type, args, null);
    }

    @Override
    public String toString() {
        switch (op) {
            case INPUT:
                return "$" + value;
            case LITERAL:
                return value instanceof String ? "'" + value + "'" : String.valueOf(value);
            case LIKE:
                return "LIKE(" + args.get(0) + ", '" + value + "')";
            default:
                return op
                        + "("
                        + args.stream().map(Expr::toString).collect(Collectors.joining(", "))
                        + ")";
        }
    }
}
