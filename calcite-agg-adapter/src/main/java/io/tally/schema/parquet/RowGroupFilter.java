package io.tally.schema.parquet;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import io.tally.schema.ScanFilter;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.PrimitiveComparator;

/**
 * Decides from a row group's footer statistics whether any of its rows may satisfy a {@link
 * ScanFilter}; a row group is skipped only when one term proves that none can. The statistics are
 * those parquet-java's metadata converter keeps: it already drops min/max it cannot trust (an
 * unknown sort order, an old writer's signed binary order, a NaN min or max), and compares with the
 * column's own order. What this class adds:
 *
 * <ul>
 *   <li>no statistics, or min/max unset: the row group may match;
 *   <li>the null count, when set: an all-NULL chunk matches only a term that lets NULL through, and
 *       a term that lets NULL through matches any chunk holding a NULL;
 *   <li>NaN: Tally compares floating point as Java does (NaN satisfies {@code <>} and nothing
 *       ordered), and statistics leave NaN out of min/max, so a float chunk that may hold NaN (NaN
 *       count unset or positive) is kept for a term open at both ends;
 *   <li>unsigned 64-bit integers, read by Tally as signed raw bits: only a chunk whose values are
 *       all below 2^63, where both orders agree, is judged;
 *   <li>binary statistics truncated by the writer (a shorter min, a rounded-up max) are still
 *       bounds, so they are used as they are.
 * </ul>
 */
final class RowGroupFilter {
    private RowGroupFilter() {}

    /** Indexes of the row groups of {@code footer} whose rows may satisfy {@code filter}. */
    static int[] select(ParquetFooter footer, ScanFilter filter) {
        List<BlockMetaData> groups = footer.rowGroups();
        int[] kept = new int[groups.size()];
        int n = 0;
        for (int g = 0; g < groups.size(); g++) {
            if (mayMatch(footer, groups.get(g), filter)) {
                kept[n++] = g;
            }
        }
        return Arrays.copyOf(kept, n);
    }

    private static boolean mayMatch(ParquetFooter footer, BlockMetaData group, ScanFilter filter) {
        for (ScanFilter.Term term : filter.terms()) {
            if (term.column() >= footer.columns().size()) {
                continue;
            }
            ParquetColumn column = footer.columns().get(term.column());
            if (column.kind() == ParquetColumn.Kind.STRING_LIST) {
                continue;
            }
            if (!mayMatch(column, group.getColumns().get(column.leafIndex()), term)) {
                return false;
            }
        }
        return true;
    }

    /** Whether some value of {@code chunk} may satisfy {@code term}. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static boolean mayMatch(ParquetColumn column, ColumnChunkMetaData chunk, ScanFilter.Term term) {
        Statistics stats = chunk.getStatistics();
        if (stats == null || stats.isEmpty()) {
            return true;
        }
        if (stats.isNumNullsSet()) {
            long nulls = stats.getNumNulls();
            if (nulls > 0 && term.nullMatches()) {
                return true;
            }
            if (nulls >= chunk.getValueCount()) {
                return false;
            }
        } else if (term.nullMatches()) {
            return true;
        }
        if (term.values().isEmpty()) {
            return false;
        }
        if (!stats.hasNonNullValue()) {
            return true;
        }
        if (mayHoldNaN(column, stats) && term.unboundedBothWays()) {
            return true;
        }
        Comparable min = stats.genericGetMin();
        Comparable max = stats.genericGetMax();
        if (column.kind() == ParquetColumn.Kind.UINT64 && ((Long) min < 0 || (Long) max < 0)) {
            return true;
        }
        PrimitiveComparator order = stats.comparator();
        for (Range<Comparable> range : term.values().asRanges()) {
            if (overlaps(column, order, min, max, range)) {
                return true;
            }
        }
        return false;
    }

    private static boolean mayHoldNaN(ParquetColumn column, Statistics<?> stats) {
        boolean floating =
                column.kind() == ParquetColumn.Kind.FLOAT
                        || column.kind() == ParquetColumn.Kind.DOUBLE;
        return floating && !(stats.isNanCountSet() && stats.getNanCount() == 0);
    }

    /** Whether {@code [min, max]} (under {@code order}) meets {@code range}. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static boolean overlaps(
            ParquetColumn column,
            PrimitiveComparator order,
            Comparable min,
            Comparable max,
            Range<Comparable> range) {
        boolean point =
                range.hasLowerBound()
                        && range.hasUpperBound()
                        && range.lowerEndpoint().compareTo(range.upperEndpoint()) == 0;
        if (range.hasLowerBound()) {
            StatsBound low = StatsBound.of(column, range.lowerEndpoint(), true, point);
            if (low != null) {
                int c = order.compare(max, low.value());
                boolean strict = low.exact() && range.lowerBoundType() == BoundType.OPEN;
                if (c < 0 || (c == 0 && strict)) {
                    return false;
                }
            }
        }
        if (range.hasUpperBound()) {
            StatsBound high = StatsBound.of(column, range.upperEndpoint(), false, point);
            if (high != null) {
                int c = order.compare(min, high.value());
                boolean strict = high.exact() && range.upperBoundType() == BoundType.OPEN;
                if (c > 0 || (c == 0 && strict)) {
                    return false;
                }
            }
        }
        return true;
    }
}
