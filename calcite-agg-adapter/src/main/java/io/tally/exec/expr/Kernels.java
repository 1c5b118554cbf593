package io.tally.exec.expr;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles {@link Expr} trees into {@link Kernel}s, converting operands between families. Compiled
 * together ({@link #compileShared}), the trees of one program share each repeated subexpression as
 * one {@link SharedKernel}, evaluated once per pass.
 */
final class Kernels {
    private static final DataType DOUBLE = DataType.of(ColumnType.DOUBLE);

    /** Per subexpression outside CASE: how often the trees use it (empty: share nothing). */
    private final Map<Expr, Integer> uses = new HashMap<>();

    private final Map<Expr, Kernel> shared = new HashMap<>();

    /** CASE expressions being compiled around the current node (inside one, nothing is shared). */
    private int caseDepth;

    private Kernels() {}

    /**
     * The trees of one program, in order, each subexpression that occurs more than once (other than
     * an input or a literal, and outside any CASE, whose branches see only some rows) compiled once
     * and shared.
     */
    static List<Kernel> compileShared(List<Expr> trees) {
        Kernels compiler = new Kernels();
        for (Expr e : trees) {
            compiler.count(e);
        }
        List<Kernel> out = new ArrayList<>(trees.size());
        for (Expr e : trees) {
            out.add(compiler.kernel(e));
        }
        return out;
    }

    private void count(Expr e) {
        if (e.op() == Op.INPUT || e.op() == Op.LITERAL) {
            return;
        }
        // a repeated node is compiled once, so its arguments count only on its first use
        if (uses.merge(e, 1, Integer::sum) == 1 && e.op() != Op.CASE) {
            for (Expr a : e.args()) {
                count(a);
            }
        }
    }

    private Kernel kernel(Expr e) {
        if (caseDepth > 0 || uses.getOrDefault(e, 0) < 2) {
            return build(e);
        }
        Kernel k = shared.get(e);
        if (k == null) {
            k = new SharedKernel(build(e));
            shared.put(e, k);
        }
        return k;
    }

    private Kernel build(Expr e) {
        DataType t = e.type();
        switch (e.op()) {
            case INPUT:
                return new InputKernel(t, (Integer) e.value());
            case LITERAL:
                return new LiteralKernel(t, e.value());
            case PLUS:
            case MINUS:
            case TIMES:
            case DIVIDE:
            case MOD:
                if (Kernel.isWide(t)) {
                    return new WideDecimalKernel(t, e.op(), arg(e, 0), arg(e, 1));
                } else if (Kernel.isDecimal(t)) {
                    return new DecimalKernel(t, e.op(), arg(e, 0), arg(e, 1));
                }
                return new ArithmeticKernel(
                        t, e.op(), toFamilyOf(arg(e, 0), t), toFamilyOf(arg(e, 1), t));
            case NEGATE:
                if (Kernel.isWide(t)) {
                    return new WideDecimalKernel(t, e.op(), arg(e, 0), null);
                } else if (Kernel.isDecimal(t)) {
                    return new DecimalKernel(t, e.op(), arg(e, 0), null);
                }
                return new ArithmeticKernel(t, e.op(), toFamilyOf(arg(e, 0), t), null);
            case EQUALS:
            case NOT_EQUALS:
            case LESS_THAN:
            case LESS_THAN_OR_EQUAL:
            case GREATER_THAN:
            case GREATER_THAN_OR_EQUAL:
                return compare(e);
            case AND:
            case OR:
            case NOT:
            case IS_NULL:
            case IS_NOT_NULL:
            case IS_TRUE:
            case IS_NOT_TRUE:
            case IS_FALSE:
            case IS_NOT_FALSE:
                return new LogicKernel(t, e.op(), args(e.args()));
            case CASE:
                caseDepth++;
                Kernel[] branches;
                try {
                    branches = args(e.args());
                } finally {
                    caseDepth--;
                }
                for (int i = 1; i < branches.length; i += 2) {
                    branches[i] = toFamilyOf(branches[i], t);
                }
                branches[branches.length - 1] = toFamilyOf(branches[branches.length - 1], t);
                return new CaseKernel(t, branches);
            case CAST:
                Kernel arg = arg(e, 0);
                return arg.type.withNullable(true).equals(t.withNullable(true))
                        ? arg
                        : new CastKernel(t, arg);
            case UPPER:
            case LOWER:
            case CHAR_LENGTH:
            case SUBSTRING:
            case CONCAT:
                return new StringKernel(t, e.op(), args(e.args()));
            case LIKE:
                return new LikeKernel(t, arg(e, 0), (String) e.value());
            case EXTRACT_YEAR:
            case EXTRACT_MONTH:
            case EXTRACT_DAY:
            case DATE_PLUS_DAYS:
                return new DateKernel(t, e.op(), args(e.args()));
            case ABS:
                return new MathKernel(t, e.op(), arg(e, 0));
            case EXP:
                return new MathKernel(t, e.op(), toFamilyOf(arg(e, 0), t));
            case POWER:
                return new MathKernel(
                        t, e.op(), toFamilyOf(arg(e, 0), t), toFamilyOf(arg(e, 1), t));
            case TRIM:
                return new TrimKernel(t, arg(e, 0), (String) e.value());
            default:
                throw new IllegalArgumentException("no kernel for " + e.op());
        }
    }

    private Kernel compare(Expr e) {
        Kernel a = arg(e, 0);
        Kernel b = arg(e, 1);
        if (Kernel.isDouble(a.type) || Kernel.isDouble(b.type)) {
            a = toFamilyOf(a, DOUBLE);
            b = toFamilyOf(b, DOUBLE);
        }
        return new CompareKernel(e.type(), e.op(), a, b);
    }

    /**
     * {@code k} converted to doubles when {@code target} is floating point and {@code k} is not.
     */
    private static Kernel toFamilyOf(Kernel k, DataType target) {
        if (Kernel.isDouble(target) && (Kernel.isLong(k.type) || Kernel.isDecimal(k.type))) {
            return new CastKernel(DOUBLE.withNullable(k.type.nullable()), k);
        }
        return k;
    }

    private Kernel arg(Expr e, int i) {
        return kernel(e.args().get(i));
    }

    private Kernel[] args(List<Expr> args) {
        Kernel[] kernels = new Kernel[args.size()];
        for (int i = 0; i < kernels.length; i++) {
            kernels[i] = kernel(args.get(i));
        }
        return kernels;
    }
}
