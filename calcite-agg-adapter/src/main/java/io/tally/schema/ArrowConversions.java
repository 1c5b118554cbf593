package io.tally.schema;

import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Moves one column of a loaded Arrow file batch into the batch Tally hands out, following the
 * column's {@link ArrowColumn.Conversion}. The target holds exactly {@code rows} values afterwards.
 */
final class ArrowConversions {
    private ArrowConversions() {}

    static void convert(
            ArrowColumn column,
            FieldVector source,
            FieldVector target,
            DictionaryProvider dictionaries,
            int rows) {
        if (column.conversion() == ArrowColumn.Conversion.TRANSFER) {
            source.makeTransferPair(target).transfer();
            return;
        }
        target.clear();
        target.setInitialCapacity(rows);
        target.allocateNew();
        switch (column.conversion()) {
            case TIMESTAMP_TO_MILLI:
                {
                    TimeStampVector s = (TimeStampVector) source;
                    TimeStampMilliVector t = (TimeStampMilliVector) target;
                    for (int i = 0; i < rows; i++) {
                        if (!s.isNull(i)) {
                            t.set(i, column.toMillis(s.get(i)));
                        }
                    }
                    break;
                }
            case DATE_MILLI_TO_DAY:
                {
                    DateMilliVector s = (DateMilliVector) source;
                    DateDayVector t = (DateDayVector) target;
                    for (int i = 0; i < rows; i++) {
                        if (!s.isNull(i)) {
                            t.set(
                                    i,
                                    Math.toIntExact(
                                            Math.floorDiv(s.get(i), CsvValues.MILLIS_PER_DAY)));
                        }
                    }
                    break;
                }
            case TIME_TO_MILLI:
                convertTime(column, source, (TimeMilliVector) target, rows);
                break;
            case LARGE_UTF8:
                copyStrings(source, null, (VarCharVector) target, rows);
                break;
            case DICTIONARY:
                {
                    long id = column.fileField().getDictionary().getId();
                    Dictionary dictionary = dictionaries.lookup(id);
                    copyStrings(
                            dictionary.getVector(),
                            (BaseIntVector) source,
                            (VarCharVector) target,
                            rows);
                    break;
                }
            default:
                throw new AssertionError(column.conversion());
        }
        target.setValueCount(rows);
    }

    private static void convertTime(
            ArrowColumn column, FieldVector source, TimeMilliVector t, int rows) {
        for (int i = 0; i < rows; i++) {
            if (source.isNull(i)) {
                continue;
            }
            long value;
            if (source instanceof TimeSecVector s) {
                value = s.get(i);
            } else if (source instanceof TimeMicroVector s) {
                value = s.get(i);
            } else {
                value = ((TimeNanoVector) source).get(i);
            }
            t.set(i, Math.toIntExact(column.toMillis(value)));
        }
    }

    /**
     * Copies strings row by row from {@code values}, either directly ({@code indices == null}) or
     * through dictionary indices.
     */
    private static void copyStrings(
            ValueVector values, BaseIntVector indices, VarCharVector target, int rows) {
        for (int i = 0; i < rows; i++) {
            if (indices != null && indices.isNull(i)) {
                continue;
            }
            int index = indices == null ? i : Math.toIntExact(indices.getValueAsLong(i));
            if (values.isNull(index)) {
                continue;
            }
            byte[] bytes =
                    values instanceof LargeVarCharVector large
                            ? large.get(index)
                            : ((VarCharVector) values).get(index);
            target.setSafe(i, bytes);
        }
    }
}
