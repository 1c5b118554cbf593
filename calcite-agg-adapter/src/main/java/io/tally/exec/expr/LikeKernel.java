package io.tally.exec.expr;

import io.tally.batch.DataType;
import java.nio.charset.StandardCharsets;

/**
 * {@code s LIKE 'pattern'} for a constant pattern whose only wildcard is {@code %} (the planner
 * sends other patterns to the row path): the pieces between the {@code %}s must appear in order,
 * the first at the start unless the pattern starts with {@code %}, the last at the end unless it
 * ends with {@code %}. Greedy leftmost matching of each piece is exact for such patterns; bytes are
 * compared as UTF-8, which matches character comparison.
 */
final class LikeKernel extends Kernel {
    private final Kernel arg;
    private final byte[][] pieces;
    private final boolean anchoredStart;
    private final boolean anchoredEnd;
    private final Column out = new Column();

    LikeKernel(DataType type, Kernel arg, String pattern) {
        super(type);
        this.arg = arg;
        String[] parts = pattern.split("%", -1);
        this.pieces = new byte[parts.length][];
        for (int p = 0; p < parts.length; p++) {
            pieces[p] = parts[p].getBytes(StandardCharsets.UTF_8);
        }
        this.anchoredStart = !pattern.startsWith("%");
        this.anchoredEnd = !pattern.endsWith("%");
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        Column s = arg.eval(frame, active);
        out.copyNulls(s, n);
        long[] r = out.longs(n);
        for (int i = 0; i < n; i++) {
            r[i] = matches(s.bytes, s.offsets[i], s.offsets[i + 1]) ? 1 : 0;
        }
        return out;
    }

    private boolean matches(byte[] b, int start, int end) {
        if (pieces.length == 1) {
            return equalAt(b, start, end, pieces[0]) && end - start == pieces[0].length;
        }
        int at = start;
        int last = pieces.length - 1;
        int limit = end - (anchoredEnd ? pieces[last].length : 0);
        if (limit < start) {
            return false;
        }
        if (anchoredStart) {
            if (!equalAt(b, at, limit, pieces[0])) {
                return false;
            }
            at += pieces[0].length;
        }
        for (int p = anchoredStart ? 1 : 0; p < last; p++) {
            at = indexOf(b, at, limit, pieces[p]);
            if (at < 0) {
                return false;
            }
            at += pieces[p].length;
        }
        return anchoredEnd ? at <= limit && equalAt(b, limit, end, pieces[last]) : true;
    }

    /** Whether {@code piece} occurs at {@code at} within {@code b[at..end)}. */
    private static boolean equalAt(byte[] b, int at, int end, byte[] piece) {
        if (end - at < piece.length) {
            return false;
        }
        for (int k = 0; k < piece.length; k++) {
            if (b[at + k] != piece[k]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] b, int from, int end, byte[] piece) {
        for (int at = from; at + piece.length <= end; at++) {
            if (equalAt(b, at, end, piece)) {
                return at;
            }
        }
        return -1;
    }
}
