package io.tally.exec.topk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.state.TopKOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TopKRowCodec#keyPrefix} (a key's first 8 bytes computed from the value) against the first
 * 8 bytes {@link TopKRowCodec#encodeKey} writes, for LONG, DOUBLE and DECIMAL keys in both
 * directions, at the values whose bits are special (signs, zeros, NaN, extremes).
 */
class TopKRowCodecPrefixTest {
    private static final long[] LONGS = {
        0, 1, -1, 255, 256, -256, Long.MIN_VALUE, Long.MAX_VALUE, 0x0102030405060708L
    };
    private static final double[] DOUBLES = {
        0.0,
        -0.0,
        1.5,
        -1.5,
        Double.NaN,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE,
        -Double.MAX_VALUE,
        Math.nextUp(1.0)
    };

    @Test
    void prefixIsTheEncodedKeysFirstEightBytes() {
        for (ColumnType type :
                new ColumnType[] {ColumnType.BIGINT, ColumnType.DOUBLE, ColumnType.DECIMAL}) {
            DataType t = type == ColumnType.DECIMAL ? DataType.decimal(30, 2) : DataType.of(type);
            int n = type == ColumnType.DOUBLE ? DOUBLES.length : LONGS.length;
            DecodedColumn c = new DecodedColumn(t, "key");
            c.nulls = new byte[n];
            c.longs = LONGS.clone();
            c.highs = new long[n];
            c.doubles = DOUBLES.clone();
            for (int i = 0; i < n; i++) {
                c.highs[i] = LONGS[(i + 3) % LONGS.length];
            }
            for (boolean desc : new boolean[] {false, true}) {
                TopKRowCodec codec =
                        new TopKRowCodec(List.of(t), List.of(new TopKOrder.SortKey(0, desc, true)));
                DecodedColumn[] args = {c};
                for (int i = 0; i < n; i++) {
                    assertTrue(codec.prefixKnown(args, i));
                    codec.encodeKey(args, i);
                    assertEquals(
                            TopKRowCodec.beLongAt(codec.scratch, TopKRowCodec.HEADER),
                            codec.keyPrefix(args, i),
                            type + (desc ? " DESC" : " ASC") + " row " + i);
                }
            }
        }
    }

    @Test
    void noPrefixForNullOrVariableWidthFirstKeys() {
        DataType bigint = DataType.of(ColumnType.BIGINT);
        DecodedColumn c = new DecodedColumn(bigint, "key");
        c.nulls = new byte[] {1};
        c.longs = new long[1];
        TopKRowCodec codec =
                new TopKRowCodec(List.of(bigint), List.of(new TopKOrder.SortKey(0, false, true)));
        assertFalse(codec.prefixKnown(new DecodedColumn[] {c}, 0));
        DataType varchar = DataType.of(ColumnType.VARCHAR);
        DecodedColumn s = new DecodedColumn(varchar, "key");
        s.nulls = new byte[1];
        TopKRowCodec bytes =
                new TopKRowCodec(List.of(varchar), List.of(new TopKOrder.SortKey(0, true, true)));
        assertFalse(bytes.prefixKnown(new DecodedColumn[] {s}, 0));
    }
}
