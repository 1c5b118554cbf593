package io.tally.datasets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class H2oGeneratorTest {
    private static final int N = 100_000;
    private static final int K = 10;

    @TempDir Path dir;

    @Test
    void sameSeedSameBytesOtherSeedOtherBytes() throws IOException {
        H2oGenerator a = new H2oGenerator(N, K, 5, false, 7);
        for (String ext : List.of(".arrow", ".csv")) {
            Path first = dir.resolve("a1" + ext);
            Path second = dir.resolve("a2" + ext);
            Path other = dir.resolve("b" + ext);
            write(a, first);
            write(new H2oGenerator(N, K, 5, false, 7), second);
            write(new H2oGenerator(N, K, 5, false, 8), other);
            assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second), ext);
            assertFalse(Arrays.equals(Files.readAllBytes(first), Files.readAllBytes(other)), ext);
        }
    }

    @Test
    void cardinalitiesAndRangesAsDocumented() throws IOException {
        List<Object[]> rows = arrowRows(new H2oGenerator(N, K, 0, false, 1));
        assertEquals(N, rows.size());
        assertEquals(K, distinct(rows, 0).size());
        assertEquals(K, distinct(rows, 1).size());
        int perK = N / K;
        Set<Object> id3 = distinct(rows, 2);
        assertTrue(
                id3.size() <= perK && id3.size() >= perK * 99 / 100, "id3 distinct " + id3.size());
        for (Object[] row : rows) {
            assertTrue(
                    ((String) row[0]).matches("id\\d{3}") && ((String) row[1]).matches("id\\d{3}"));
            assertTrue(((String) row[2]).matches("id\\d{10}"), (String) row[2]);
            int id1 = Integer.parseInt(((String) row[0]).substring(2));
            int id3Value = Integer.parseInt(((String) row[2]).substring(2));
            assertTrue(id1 >= 1 && id1 <= K && id3Value >= 1 && id3Value <= perK);
            assertInRange(row[3], 1, K);
            assertInRange(row[4], 1, K);
            assertInRange(row[5], 1, perK);
            assertInRange(row[6], 1, 5);
            assertInRange(row[7], 1, 15);
            double v3 = (Double) row[8];
            assertTrue(v3 >= 0 && v3 <= 100, "v3 " + v3);
            assertEquals(v3, Math.round(v3 * 1e6) / 1e6, "v3 has at most 6 decimals");
        }
        assertEquals(K, distinct(rows, 3).size());
        assertEquals(15, distinct(rows, 7).size());
        double mean = rows.stream().mapToDouble(r -> (Double) r[8]).average().orElseThrow();
        assertEquals(50.0, mean, 1.0, "v3 mean of uniform [0,100)");
    }

    @Test
    void nullsAreExactPercentPerColumnAndIndependent() throws IOException {
        List<Object[]> rows = arrowRows(new H2oGenerator(N, K, 5, false, 3));
        List<Set<Integer>> nullRows = new ArrayList<>();
        for (int c = 0; c < 9; c++) {
            Set<Integer> nulls = new HashSet<>();
            for (int r = 0; r < rows.size(); r++) {
                if (rows.get(r)[c] == null) {
                    nulls.add(r);
                }
            }
            assertEquals(N * 5 / 100, nulls.size(), "nulls in column " + c);
            nullRows.add(nulls);
        }
        assertNotEquals(nullRows.get(0), nullRows.get(1));
        assertNotEquals(nullRows.get(6), nullRows.get(8));
    }

    @Test
    void sortedIsTheUnsortedRowsInKeyOrder() throws IOException {
        List<Object[]> unsorted = arrowRows(new H2oGenerator(N, K, 2, false, 11));
        List<Object[]> sorted = arrowRows(new H2oGenerator(N, K, 2, true, 11));
        Comparator<Object[]> keyOrder = keyOrder();
        for (int r = 1; r < sorted.size(); r++) {
            assertTrue(
                    keyOrder.compare(sorted.get(r - 1), sorted.get(r)) <= 0,
                    "row " + r + " out of order");
        }
        assertEquals(null, sorted.get(0)[0], "NULL id1 sorts first");
        Comparator<Object[]> fullOrder = (a, b) -> Arrays.toString(a).compareTo(Arrays.toString(b));
        List<String> expected = unsorted.stream().sorted(fullOrder).map(Arrays::toString).toList();
        List<String> actual = sorted.stream().sorted(fullOrder).map(Arrays::toString).toList();
        assertEquals(expected, actual, "sorted table holds the same rows");
    }

    @Test
    void textRanksFollowByteOrderBeyondThreeDigits() {
        int[] rank = H2oSorter.textRanks(1000);
        assertTrue(rank[1000] < rank[101], "id1000 sorts before id101");
        assertTrue(rank[1] < rank[2] && rank[99] < rank[100]);
    }

    @Test
    void tableNamesAndLimits() {
        assertEquals("G1_1e7_1e2_0_0", new H2oGenerator(10_000_000, 100, 0, false, 1).tableName());
        assertEquals("G1_1e5_1e1_5_1", new H2oGenerator(N, K, 5, true, 1).tableName());
        assertEquals("G1_12345_2e0_0_0", new H2oGenerator(12_345, 2, 0, false, 1).tableName());
        IllegalArgumentException tooBig =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> new H2oGenerator(H2oGenerator.SORT_MAX_ROWS + 1, 100, 0, true, 1));
        assertTrue(tooBig.getMessage().contains("SORT_MAX_ROWS"), tooBig.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new H2oGenerator(10, 11, 0, false, 1));
        assertThrows(IllegalArgumentException.class, () -> new H2oGenerator(10, 1, 101, false, 1));
    }

    private static Comparator<Object[]> keyOrder() {
        Comparator<Object[]> order = (a, b) -> 0;
        for (int c = 0; c < 6; c++) {
            int column = c;
            order =
                    order.thenComparing(
                            r -> r[column], Comparator.nullsFirst(H2oGeneratorTest::compareValues));
        }
        return order;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    private static void assertInRange(Object value, int low, int high) {
        int v = (Integer) value;
        assertTrue(v >= low && v <= high, v + " outside " + low + ".." + high);
    }

    private static Set<Object> distinct(List<Object[]> rows, int column) {
        return rows.stream()
                .map(r -> r[column])
                .filter(Objects::nonNull)
                .collect(Collectors.toSet());
    }

    private List<Object[]> arrowRows(H2oGenerator generator) throws IOException {
        Path path = dir.resolve(generator.tableName() + ".arrow");
        assertEquals(generator.rows(), generator.writeArrow(path));
        return TestTables.readArrow(path).rows();
    }

    private static void write(Dataset dataset, Path path) throws IOException {
        if (path.toString().endsWith(".csv")) {
            dataset.writeCsv(path);
        } else {
            dataset.writeArrow(path);
        }
    }
}
