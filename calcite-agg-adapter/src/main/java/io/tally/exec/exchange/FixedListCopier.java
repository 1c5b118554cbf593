package io.tally.exec.exchange;

import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Copies rows of a {@code List} vector whose items are fixed-width (MEDIAN's {@code List<Float64>}
 * state) with one bulk copy of each row's item bytes, instead of Arrow's per-item generic copier.
 */
final class FixedListCopier {
    private FixedListCopier() {}

    /** Whether {@link #copy} handles {@code v}: a list of non-bit fixed-width items. */
    static boolean handles(FieldVector v) {
        return v instanceof ListVector list
                && list.getDataVector() instanceof BaseFixedWidthVector items
                && items.getTypeWidth() > 0;
    }

    /** Copies row {@code from} of {@code source} to row {@code to} of {@code target}. */
    static void copy(ListVector source, int from, ListVector target, int to) {
        if (source.isNull(from)) {
            target.setNull(to);
            return;
        }
        int first = source.getOffsetBuffer().getInt((long) from * ListVector.OFFSET_WIDTH);
        int count =
                source.getOffsetBuffer().getInt((long) (from + 1) * ListVector.OFFSET_WIDTH)
                        - first;
        int at = target.startNewValue(to);
        BaseFixedWidthVector items = (BaseFixedWidthVector) target.getDataVector();
        BaseFixedWidthVector sourceItems = (BaseFixedWidthVector) source.getDataVector();
        while (items.getValueCapacity() < at + count) {
            items.reAlloc();
        }
        int width = items.getTypeWidth();
        items.getDataBuffer()
                .setBytes(
                        (long) at * width,
                        sourceItems.getDataBuffer(),
                        (long) first * width,
                        (long) count * width);
        for (int k = 0; k < count; k++) {
            BitVectorHelper.setValidityBit(
                    items.getValidityBuffer(), at + k, sourceItems.isNull(first + k) ? 0 : 1);
        }
        target.endValue(to, count);
    }
}
