package io.tally.exec.expr;

import io.tally.batch.DataType;

/**
 * {@code + - * / %} and unary minus, on integers (computed in 64 bits and wrapped to the result
 * type's width, as Java's int/short/byte arithmetic in Calcite's generated code) or on doubles
 * (REAL results rounded to float after the operation, as Java float arithmetic). Both operands
 * are already in the result's family. Integer division or MOD by zero fails for an active row
 * whose operands are both NOT NULL, with Calcite's {@code ArithmeticException: / by zero}.
 */
final class ArithmeticKernel extends Kernel {
  private final Op op;
  private final Kernel left;
  private final Kernel right;
  private final Column out = new Column();

  /** {@code right} is null for {@link Op#NEGATE}. */
  ArithmeticKernel(DataType type, Op op, Kernel left, Kernel right) {
    super(type);
    this.op = op;
    this.left = left;
    this.right = right;
  }

  @Override
  Column eval(Frame frame, boolean[] active) {
    int n = frame.rows();
    Column a = left.eval(frame, active);
    Column b = right == null ? null : right.eval(frame, active);
    out.unionNulls(a, b, n);
    if (isDouble(type)) {
      doubles(a, b, n);
    } else {
      longs(a, b, n, active);
      Narrow.wrap(type, out.longs, n);
    }
    return out;
  }

  private void longs(Column a, Column b, int n, boolean[] active) {
    long[] x = a.longs;
    long[] r = out.longs(n);
    if (b == null) {
      for (int i = 0; i < n; i++) {
        r[i] = -x[i];
      }
      return;
    }
    long[] y = b.longs;
    switch (op) {
      case PLUS:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] + y[i];
        }
        break;
      case MINUS:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] - y[i];
        }
        break;
      case TIMES:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] * y[i];
        }
        break;
      case DIVIDE:
      case MOD:
        checkDivisors(y, n, active);
        boolean mod = op == Op.MOD;
        for (int i = 0; i < n; i++) {
          long d = y[i] == 0 ? 1 : y[i];
          r[i] = mod ? x[i] % d : x[i] / d;
        }
        break;
      default:
        throw new IllegalStateException("not arithmetic: " + op);
    }
  }

  /** Fails if an active row that is not NULL divides by zero. */
  private void checkDivisors(long[] y, int n, boolean[] active) {
    boolean[] nulls = out.hasNulls ? out.nulls : null;
    for (int i = 0; i < n; i++) {
      if (y[i] == 0 && isActive(active, i) && (nulls == null || !nulls[i])) {
        throw new ArithmeticException("/ by zero");
      }
    }
  }

  private void doubles(Column a, Column b, int n) {
    double[] x = a.doubles;
    double[] r = out.doubles(n);
    if (b == null) {
      for (int i = 0; i < n; i++) {
        r[i] = -x[i];
      }
      return;
    }
    double[] y = b.doubles;
    switch (op) {
      case PLUS:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] + y[i];
        }
        break;
      case MINUS:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] - y[i];
        }
        break;
      case TIMES:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] * y[i];
        }
        break;
      case DIVIDE:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] / y[i];
        }
        break;
      default:
        throw new IllegalStateException("not floating-point arithmetic: " + op);
    }
    Narrow.round(type, r, n);
  }
}
