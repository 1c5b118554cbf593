package io.tally.exec.expr;

import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * String functions over UTF-8 columns with Calcite's answers: {@code UPPER}/{@code LOWER} ({@code
 * Locale.ROOT}), {@code CHAR_LENGTH} and {@code SUBSTRING} (in UTF-16 units) and {@code ||}. ASCII
 * values are handled byte by byte; a value with other characters is decoded to a {@code String} for
 * UPPER, LOWER and SUBSTRING (the only per-row allocation, and only for such values). NULL in, NULL
 * out.
 */
final class StringKernel extends Kernel {
    private static final int ASCII_CASE_BIT = 0x20;

    private final Op op;
    private final Kernel[] args;
    private final Column out = new Column();

    StringKernel(DataType type, Op op, Kernel... args) {
        super(type);
        this.op = op;
        this.args = args;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        Column s = args[0].eval(frame, active);
        switch (op) {
            case CHAR_LENGTH:
                out.copyNulls(s, n);
                long[] r = out.longs(n);
                for (int i = 0; i < n; i++) {
                    r[i] = Utf8.utf16Length(s.bytes, s.offsets[i], s.offsets[i + 1]);
                }
                break;
            case CONCAT:
                concat(s, args[1].eval(frame, active), n);
                break;
            case SUBSTRING:
                substring(
                        s,
                        args[1].eval(frame, active),
                        args.length > 2 ? args[2].eval(frame, active) : null,
                        n,
                        active);
                break;
            default:
                changeCase(s, n, op == Op.UPPER);
        }
        return out;
    }

    private void concat(Column a, Column b, int n) {
        out.unionNulls(a, b, n);
        int total = Math.addExact(a.offsets[n] - a.offsets[0], b.offsets[n] - b.offsets[0]);
        byte[] bytes = out.bytes(total);
        int[] offsets = out.offsets(n);
        int at = 0;
        for (int i = 0; i < n; i++) {
            offsets[i] = at;
            int la = a.offsets[i + 1] - a.offsets[i];
            System.arraycopy(a.bytes, a.offsets[i], bytes, at, la);
            at += la;
            int lb = b.offsets[i + 1] - b.offsets[i];
            System.arraycopy(b.bytes, b.offsets[i], bytes, at, lb);
            at += lb;
        }
        offsets[n] = at;
    }

    private void changeCase(Column s, int n, boolean upper) {
        out.copyNulls(s, n);
        int[] offsets = out.offsets(n);
        byte[] bytes = out.bytes(s.offsets[n]);
        int at = 0;
        for (int i = 0; i < n; i++) {
            offsets[i] = at;
            int start = s.offsets[i];
            int end = s.offsets[i + 1];
            if (Utf8.isAscii(s.bytes, start, end)) {
                bytes = out.bytes(at + end - start);
                for (int k = start; k < end; k++) {
                    bytes[at++] = upper ? toUpper(s.bytes[k]) : toLower(s.bytes[k]);
                }
            } else {
                String v = Utf8.decode(s.bytes, start, end);
                at = append(upper ? v.toUpperCase(Locale.ROOT) : v.toLowerCase(Locale.ROOT), at);
            }
        }
        offsets[n] = at;
    }

    /** Appends {@code value} at {@code at}, growing the buffer; returns the new end. */
    private int append(String value, int at) {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        byte[] bytes = out.bytes(at + utf8.length);
        System.arraycopy(utf8, 0, bytes, at, utf8.length);
        return at + utf8.length;
    }

    private static byte toUpper(byte b) {
        return b >= 'a' && b <= 'z' ? (byte) (b ^ ASCII_CASE_BIT) : b;
    }

    private static byte toLower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b ^ ASCII_CASE_BIT) : b;
    }

    /**
     * Calcite's {@code SUBSTRING(c FROM s [FOR l])} on INTEGER positions: 1-based start, a start
     * below 1 counts toward the length, negative length fails.
     */
    private void substring(Column c, Column start, Column length, int n, boolean[] active) {
        out.unionNulls(c, start, n);
        if (length != null && length.hasNulls) {
            boolean[] nulls = out.hasNulls ? out.nulls : out.clearNulls(n);
            for (int i = 0; i < n; i++) {
                nulls[i] |= length.nulls[i];
            }
        }
        int[] offsets = out.offsets(n);
        byte[] bytes = out.bytes(c.offsets[n]);
        int at = 0;
        for (int i = 0; i < n; i++) {
            offsets[i] = at;
            if (out.isNull(i)) {
                continue;
            }
            int from = c.offsets[i];
            int end = c.offsets[i + 1];
            long s = start.longs[i];
            long e;
            if (length == null) {
                e = Long.MAX_VALUE;
            } else {
                long l = length.longs[i];
                if (l < 0) {
                    if (isActive(active, i)) {
                        throw new TallyException(
                                "Substring error: negative substring length not allowed");
                    }
                    continue;
                }
                e = s + l;
            }
            if (Utf8.isAscii(c.bytes, from, end)) {
                int lc = end - from;
                if (s > lc || e < 1) {
                    continue;
                }
                int s0 = (int) Math.max(s - 1, 0);
                int e0 = (int) Math.min(e - 1, lc);
                System.arraycopy(c.bytes, from + s0, bytes, at, e0 - s0);
                at += e0 - s0;
            } else {
                String v = Utf8.decode(c.bytes, from, end);
                int lc = v.length();
                if (s > lc || e < 1) {
                    continue;
                }
                at = append(v.substring((int) Math.max(s - 1, 0), (int) Math.min(e - 1, lc)), at);
                bytes = out.bytes;
            }
        }
        offsets[n] = at;
    }
}
