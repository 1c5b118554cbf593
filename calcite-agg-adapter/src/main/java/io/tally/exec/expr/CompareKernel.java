package io.tally.exec.expr;

import io.tally.exec.DataType;

/**
 * {@code = <> < <= > >=}: on integers, booleans and dates as longs; on numbers with a
 * floating-point side as doubles (both operands are brought to the same family first); on strings
 * by {@link Utf8#compare}. The result is a BOOLEAN, NULL when either side is NULL.
 */
final class CompareKernel extends Kernel {
  private final Op op;
  private final Kernel left;
  private final Kernel right;
  private final Column out = new Column();

  CompareKernel(DataType type, Op op, Kernel left, Kernel right) {
    super(type);
    this.op = op;
    this.left = left;
    this.right = right;
  }

  @Override
  Column eval(Frame frame, boolean[] active) {
    int n = frame.rows();
    Column a = left.eval(frame, active);
    Column b = right.eval(frame, active);
    out.unionNulls(a, b, n);
    long[] r = out.longs(n);
    if (isString(left.type)) {
      for (int i = 0; i < n; i++) {
        int c = Utf8.compare(a.bytes, a.offsets[i], a.offsets[i + 1], b.bytes, b.offsets[i],
            b.offsets[i + 1]);
        r[i] = test(c) ? 1 : 0;
      }
    } else if (isDouble(left.type)) {
      doubles(a.doubles, b.doubles, r, n);
    } else {
      longs(a.longs, b.longs, r, n);
    }
    return out;
  }

  private boolean test(int c) {
    switch (op) {
      case EQUALS: return c == 0;
      case NOT_EQUALS: return c != 0;
      case LESS_THAN: return c < 0;
      case LESS_THAN_OR_EQUAL: return c <= 0;
      case GREATER_THAN: return c > 0;
      default: return c >= 0;
    }
  }

  private void longs(long[] x, long[] y, long[] r, int n) {
    switch (op) {
      case EQUALS:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] == y[i] ? 1 : 0;
        }
        break;
      case NOT_EQUALS:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] != y[i] ? 1 : 0;
        }
        break;
      case LESS_THAN:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] < y[i] ? 1 : 0;
        }
        break;
      case LESS_THAN_OR_EQUAL:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] <= y[i] ? 1 : 0;
        }
        break;
      case GREATER_THAN:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] > y[i] ? 1 : 0;
        }
        break;
      default:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] >= y[i] ? 1 : 0;
        }
    }
  }

  private void doubles(double[] x, double[] y, long[] r, int n) {
    switch (op) {
      case EQUALS:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] == y[i] ? 1 : 0;
        }
        break;
      case NOT_EQUALS:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] != y[i] ? 1 : 0;
        }
        break;
      case LESS_THAN:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] < y[i] ? 1 : 0;
        }
        break;
      case LESS_THAN_OR_EQUAL:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] <= y[i] ? 1 : 0;
        }
        break;
      case GREATER_THAN:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] > y[i] ? 1 : 0;
        }
        break;
      default:
        for (int i = 0; i < n; i++) {
          r[i] = x[i] >= y[i] ? 1 : 0;
        }
    }
  }
}
