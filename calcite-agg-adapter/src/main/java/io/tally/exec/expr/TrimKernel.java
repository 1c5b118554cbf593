package io.tally.exec.expr;

import io.tally.batch.DataType;

/**
 * {@code TRIM(BOTH | LEADING | TRAILING c FROM s)} for one ASCII character {@code c}: removes the
 * runs of {@code c} at the chosen ends. An ASCII byte never occurs inside a multi-byte UTF-8
 * character, so trimming bytes is trimming characters, as Calcite's {@code SqlFunctions.trim} does.
 * NULL in, NULL out.
 */
final class TrimKernel extends Kernel {
    private final Kernel arg;
    private final boolean leading;
    private final boolean trailing;
    private final byte c;
    private final Column out = new Column();

    /** {@code spec} is {@link Op#TRIM}'s value: the flag name then the character. */
    TrimKernel(DataType type, Kernel arg, String spec) {
        super(type);
        this.arg = arg;
        char ch = spec.charAt(spec.length() - 1);
        if (ch >= 0x80) {
            throw new IllegalArgumentException("TRIM character must be ASCII: " + spec);
        }
        String flag = spec.substring(0, spec.length() - 1);
        this.leading = !flag.equals("TRAILING");
        this.trailing = !flag.equals("LEADING");
        this.c = (byte) ch;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        Column s = arg.eval(frame, active);
        out.copyNulls(s, n);
        int[] offsets = out.offsets(n);
        byte[] bytes = out.bytes(s.offsets[n] - s.offsets[0]);
        byte[] in = s.bytes;
        int at = 0;
        for (int i = 0; i < n; i++) {
            int from = s.offsets[i];
            int to = s.offsets[i + 1];
            while (leading && from < to && in[from] == c) {
                from++;
            }
            while (trailing && to > from && in[to - 1] == c) {
                to--;
            }
            offsets[i] = at;
            System.arraycopy(in, from, bytes, at, to - from);
            at += to - from;
        }
        offsets[n] = at;
        return out;
    }
}
