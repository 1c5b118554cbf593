package io.tally.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Packing file slices into input partitions as Spark's {@code FilePartition} does. */
class PartitionPlannerTest {
    private static final long MB = 1 << 20;
    private static final long OPEN_COST = 4 * MB;

    private static List<TallyInputPartition.Slice> files(long... sizes) {
        List<TallyInputPartition.Slice> slices = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            slices.add(
                    new TallyInputPartition.Slice(
                            new TallyFiles.DataFile("/f" + i + ".csv", TallyFiles.Format.CSV),
                            0,
                            TallyInputPartition.WHOLE_FILE,
                            sizes[i]));
        }
        return slices;
    }

    private static List<Integer> sizes(List<TallyInputPartition> partitions) {
        return partitions.stream().map(p -> p.slices().size()).toList();
    }

    @Test
    void maxSplitIsSparksFormula() {
        // 8 files of 62 MB on 2 cores: min(128 MB, max(4 MB, (8 * 66 MB) / 2)) = 128 MB
        assertEquals(
                128 * MB,
                PartitionPlanner.maxSplitBytes(
                        files(
                                62 * MB, 62 * MB, 62 * MB, 62 * MB, 62 * MB, 62 * MB, 62 * MB,
                                62 * MB),
                        128 * MB,
                        OPEN_COST,
                        2));
        // small data: total / parallelism, but never below the open cost
        assertEquals(
                6 * MB,
                PartitionPlanner.maxSplitBytes(files(2 * MB, 2 * MB), 128 * MB, OPEN_COST, 2));
        assertEquals(
                OPEN_COST, PartitionPlanner.maxSplitBytes(files(1000), 128 * MB, OPEN_COST, 8));
    }

    @Test
    void largestFirstIntoTheCurrentPartitionWhileItFits() {
        // 62 MB files under 128 MB: the second fits (66 + 62 = 128), the third does not
        assertEquals(
                List.of(2, 2, 2, 2),
                sizes(
                        PartitionPlanner.pack(
                                files(
                                        62 * MB, 62 * MB, 62 * MB, 62 * MB, 62 * MB, 62 * MB,
                                        62 * MB, 62 * MB),
                                128 * MB,
                                OPEN_COST)));
        // a file larger than the split still gets a partition of its own
        List<TallyInputPartition> mixed =
                PartitionPlanner.pack(files(1 * MB, 300 * MB, 2 * MB), 128 * MB, OPEN_COST);
        assertEquals(List.of(1, 2), sizes(mixed));
        assertEquals("/f1.csv", mixed.get(0).slices().get(0).file().path());
        assertEquals(List.of(), PartitionPlanner.pack(List.of(), 128 * MB, OPEN_COST));
    }
}
