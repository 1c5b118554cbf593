package io.tally.exec.holistic;

import io.tally.batch.ArrayCodec;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.Int128;
import io.tally.batch.VectorWriter;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.topk.TopKRowCodec;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Turns one group's gathered values ({@link ValueLog#gather}; sorted when the call is ordered) into
 * the result of a {@link ValueLogAccumulator}'s function. Values are {@link TopKRowCodec} entries
 * of the call's arguments; argument 0 is the value (JSON_OBJECTAGG: the key, 1 the value; LISTAGG:
 * 1 the separator).
 */
final class ValueLogResults {
    private static final byte[] DEFAULT_SEPARATOR = {','};
    private final AggregateCall call;
    private final List<DataType> argTypes;
    private final TopKRowCodec codec;
    private final String label;
    private final FieldVector[] outs;

    /** Whether LISTAGG has a separator argument. */
    private final boolean separator;

    private byte[] text = new byte[256];

    ValueLogResults(AggregateCall call, List<DataType> argTypes, TopKRowCodec codec, String label) {
        this.call = call;
        this.argTypes = List.copyOf(argTypes);
        this.codec = codec;
        this.label = label;
        this.outs = new FieldVector[argTypes.size()];
        this.separator = call.options().ownArguments(argTypes.size()) > 1;
    }

    /** Writes the result of values {@code starts[0, n)} of {@code b} as row {@code row} of out. */
    void write(FieldVector out, int row, byte[] b, int[] starts, int n) {
        switch (call.kind()) {
            case JSON_ARRAYAGG:
                json(out, row, b, starts, n, false);
                return;
            case JSON_OBJECTAGG:
                json(out, row, b, starts, n, true);
                return;
            default:
                break;
        }
        if (n == 0) {
            out.setNull(row);
            return;
        }
        switch (call.kind()) {
            case LISTAGG:
                listagg(out, row, b, starts, n);
                break;
            case ARRAY_AGG:
            case COLLECT:
                list(out, row, b, starts, n);
                break;
            case FUSION:
            case ARRAY_CONCAT_AGG:
                concat(out, row, b, starts, n);
                break;
            case INTERSECTION:
                intersection(out, row, b, starts, n);
                break;
            case MODE:
                value(out, row, b, starts[modeRun(b, starts, n)]);
                break;
            case PERCENTILE_DISC:
                value(out, row, b, starts[discIndex(n)]);
                break;
            default:
                throw new IllegalStateException("not a value-log function: " + call.kind());
        }
    }

    /** Writes argument 0 of the entry at {@code entry} as row {@code row} of {@code out}. */
    private void value(FieldVector out, int row, byte[] b, int entry) {
        Arrays.fill(outs, null);
        outs[0] = out;
        codec.decode(b, entry, outs, row, label);
    }

    /** The first entry of the longest run of equal keys (the smallest value among ties). */
    private static int modeRun(byte[] b, int[] starts, int n) {
        int best = 0;
        int bestLength = 0;
        for (int from = 0; from < n; ) {
            int to = from + 1;
            while (to < n && EntrySort.compare(b, starts[from], starts[to]) == 0) {
                to++;
            }
            if (to - from > bestLength) {
                best = from;
                bestLength = to - from;
            }
            from = to;
        }
        return best;
    }

    /** PERCENTILE_DISC's index among n sorted values: the first at or past fraction · n. */
    private int discIndex(int n) {
        double f = ((Number) call.options().constant()).doubleValue();
        int index = (int) Math.ceil(f * n) - 1;
        return Math.max(0, Math.min(n - 1, index));
    }

    private void list(FieldVector out, int row, byte[] b, int[] starts, int n) {
        ListVector list = (ListVector) out;
        FieldVector child = (FieldVector) list.getDataVector();
        int at = list.startNewValue(row);
        Arrays.fill(outs, null);
        outs[0] = child;
        for (int k = 0; k < n; k++) {
            codec.decode(b, starts[k], outs, at + k, label);
        }
        list.endValue(row, n);
    }

    /** FUSION / ARRAY_CONCAT_AGG: every item of every value, in order. */
    private void concat(FieldVector out, int row, byte[] b, int[] starts, int n) {
        ListVector list = (ListVector) out;
        FieldVector child = (FieldVector) list.getDataVector();
        DataType element = call.outputType().element();
        int at = list.startNewValue(row);
        int count = 0;
        for (int k = 0; k < n; k++) {
            int p = TopKRowCodec.bytesAfter(codec.argAt(b, starts[k], 0));
            int items = ArrayCodec.count(b, p);
            p += Integer.BYTES;
            for (int j = 0; j < items; j++) {
                ArrayCodec.writeItem(child, element, at + count++, b, p, label);
                p = ArrayCodec.itemEnd(b, p, element);
            }
        }
        list.endValue(row, count);
    }

    /** INTERSECTION: each item as often as it is in every value, in the first value's order. */
    private void intersection(FieldVector out, int row, byte[] b, int[] starts, int n) {
        DataType element = call.outputType().element();
        Map<ByteBuffer, Integer> common = counts(b, starts[0], element);
        for (int k = 1; k < n && !common.isEmpty(); k++) {
            Map<ByteBuffer, Integer> other = counts(b, starts[k], element);
            common.replaceAll((item, c) -> Math.min(c, other.getOrDefault(item, 0)));
            common.values().removeIf(c -> c == 0);
        }
        ListVector list = (ListVector) out;
        FieldVector child = (FieldVector) list.getDataVector();
        int at = list.startNewValue(row);
        int count = 0;
        int p = TopKRowCodec.bytesAfter(codec.argAt(b, starts[0], 0));
        int items = ArrayCodec.count(b, p);
        p += Integer.BYTES;
        for (int j = 0; j < items; j++) {
            int end = ArrayCodec.itemEnd(b, p, element);
            ByteBuffer item = ByteBuffer.wrap(b, p, end - p).slice();
            Integer left = common.get(item);
            if (left != null && left > 0) {
                common.put(item, left - 1);
                ArrayCodec.writeItem(child, element, at + count++, b, p, label);
            }
            p = end;
        }
        list.endValue(row, count);
    }

    /** The items of the collection in the entry at {@code entry}, each with its multiplicity. */
    private Map<ByteBuffer, Integer> counts(byte[] b, int entry, DataType element) {
        Map<ByteBuffer, Integer> counts = new HashMap<>();
        int p = TopKRowCodec.bytesAfter(codec.argAt(b, entry, 0));
        int items = ArrayCodec.count(b, p);
        p += Integer.BYTES;
        for (int j = 0; j < items; j++) {
            int end = ArrayCodec.itemEnd(b, p, element);
            counts.merge(ByteBuffer.wrap(b, p, end - p).slice(), 1, Integer::sum);
            p = end;
        }
        return counts;
    }

    /**
     * LISTAGG: the values joined, each after the separator of its own row (none before the first).
     */
    private void listagg(FieldVector out, int row, byte[] b, int[] starts, int n) {
        int pos = 0;
        for (int k = 0; k < n; k++) {
            if (k > 0) {
                if (!separator) {
                    pos = append(pos, DEFAULT_SEPARATOR, 0, DEFAULT_SEPARATOR.length);
                } else {
                    int s = codec.argAt(b, starts[k], 1);
                    if (b[s] == 0) {
                        pos =
                                append(
                                        pos,
                                        b,
                                        TopKRowCodec.bytesAfter(s),
                                        TopKRowCodec.lengthAfter(b, s));
                    }
                }
            }
            int v = codec.argAt(b, starts[k], 0);
            pos = append(pos, b, TopKRowCodec.bytesAfter(v), TopKRowCodec.lengthAfter(b, v));
        }
        VectorWriter.setBytes(out, call.outputType(), row, text, 0, pos);
    }

    private int append(int pos, byte[] from, int at, int len) {
        if (text.length < pos + len) {
            text = Arrays.copyOf(text, Math.max(pos + len, 2 * text.length));
        }
        System.arraycopy(from, at, text, pos, len);
        return pos + len;
    }

    /** JSON_ARRAYAGG / JSON_OBJECTAGG text; {@code []} or {@code {}} for no values. */
    private void json(FieldVector out, int row, byte[] b, int[] starts, int n, boolean object) {
        StringBuilder s = new StringBuilder(object ? "{" : "[");
        for (int k = 0; k < n; k++) {
            if (k > 0) {
                s.append(',');
            }
            if (object) {
                JsonText.string(s, String.valueOf(javaValue(b, starts[k], 0)));
                s.append(':');
                JsonText.append(s, javaValue(b, starts[k], 1), argTypes.get(1));
            } else {
                JsonText.append(s, javaValue(b, starts[k], 0), argTypes.get(0));
            }
        }
        byte[] utf8 = s.append(object ? '}' : ']').toString().getBytes(StandardCharsets.UTF_8);
        VectorWriter.setBytes(out, call.outputType(), row, utf8, 0, utf8.length);
    }

    /** Argument {@code arg} of the entry at {@code entry} in Calcite's Java representation. */
    private Object javaValue(byte[] b, int entry, int arg) {
        int p = codec.argAt(b, entry, arg);
        if (b[p] != 0) {
            return null;
        }
        DataType t = argTypes.get(arg);
        switch (t.family()) {
            case LONG:
                long v = TopKRowCodec.longAfter(b, p);
                switch (t.type()) {
                    case BOOLEAN:
                        return v != 0;
                    case NULL:
                        return null;
                    default:
                        return v;
                }
            case DOUBLE:
                return Double.longBitsToDouble(TopKRowCodec.longAfter(b, p));
            case DECIMAL:
                return new BigDecimal(
                        Int128.toBigInteger(
                                TopKRowCodec.longAfter(b, p), TopKRowCodec.highAfter(b, p)),
                        t.scale());
            default:
                int from = TopKRowCodec.bytesAfter(p);
                int len = TopKRowCodec.lengthAfter(b, p);
                if (t.type().isCollection()) {
                    return ArrayCodec.decode(b, from, from + len, t.element());
                }
                return t.type() == ColumnType.VARBINARY
                        ? Arrays.copyOfRange(b, from, from + len)
                        : new String(b, from, len, StandardCharsets.UTF_8);
        }
    }
}
