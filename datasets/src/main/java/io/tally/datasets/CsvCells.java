package io.tally.datasets;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * Renders one Arrow column's values as CSV cell text; {@code null} means SQL NULL (an empty field).
 *
 * <p>Text forms: integers in decimal; DOUBLE as {@link Double#toString} unless that would use an
 * exponent, then as plain decimal (always with a {@code .}); DECIMAL as plain text with its scale
 * ({@code 17.00}); DATE as ISO {@code yyyy-MM-dd}; VARCHAR as is; dictionary-encoded VARCHAR as the
 * decoded string; {@code List<Utf8>} as {@code [a,b,c]} (items joined by commas inside brackets,
 * items are never quoted, so items must not contain {@code ,} or {@code ]}; the generators' items
 * never do).
 */
@FunctionalInterface
interface CsvCells {
    /** The cell text of row {@code row}, or null for NULL. */
    String text(int row);

    /**
     * A renderer for {@code vector}, decoding dictionary-encoded columns through {@code
     * dictionaries}.
     */
    static CsvCells of(FieldVector vector, DictionaryProvider dictionaries) {
        DictionaryEncoding encoding = vector.getField().getDictionary();
        if (encoding != null) {
            Dictionary dictionary = dictionaries.lookup(encoding.getId());
            if (dictionary == null) {
                throw new IllegalStateException(
                        "no dictionary " + encoding.getId() + " for column " + vector.getName());
            }
            IntVector indices = (IntVector) vector;
            CsvCells values = of(dictionary.getVector(), dictionaries);
            return row -> indices.isNull(row) ? null : values.text(indices.get(row));
        }
        if (vector instanceof BigIntVector v) {
            return row -> v.isNull(row) ? null : Long.toString(v.get(row));
        }
        if (vector instanceof IntVector v) {
            return row -> v.isNull(row) ? null : Integer.toString(v.get(row));
        }
        if (vector instanceof Float8Vector v) {
            return row -> v.isNull(row) ? null : doubleText(v.get(row));
        }
        if (vector instanceof DecimalVector v) {
            return row -> v.isNull(row) ? null : v.getObject(row).toPlainString();
        }
        if (vector instanceof DateDayVector v) {
            return row -> v.isNull(row) ? null : LocalDate.ofEpochDay(v.get(row)).toString();
        }
        if (vector instanceof VarCharVector v) {
            return row -> v.isNull(row) ? null : new String(v.get(row), StandardCharsets.UTF_8);
        }
        if (vector instanceof ListVector v && v.getDataVector() instanceof VarCharVector items) {
            return row -> v.isNull(row) ? null : listText(v, items, row);
        }
        throw new IllegalArgumentException(
                "no CSV form for column "
                        + vector.getName()
                        + " of type "
                        + vector.getField().getType());
    }

    /** Decimal text of a double without exponent notation. */
    static String doubleText(double value) {
        String text = Double.toString(value);
        if (text.indexOf('E') < 0 || Double.isNaN(value) || Double.isInfinite(value)) {
            return text;
        }
        String plain = new BigDecimal(text).stripTrailingZeros().toPlainString();
        return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }

    private static String listText(ListVector list, VarCharVector items, int row) {
        StringBuilder text = new StringBuilder("[");
        int end = list.getElementEndIndex(row);
        for (int i = list.getElementStartIndex(row); i < end; i++) {
            if (text.length() > 1) {
                text.append(',');
            }
            text.append(new String(items.get(i), StandardCharsets.UTF_8));
        }
        return text.append(']').toString();
    }
}
