package io.tally.spark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Packs file slices into input partitions the way Spark's own file sources do, so a query reads in
 * as many tasks with the tally source as without it: a partition holds up to {@code maxSplitBytes =
 * min(partition_bytes, max(openCost, total / parallelism))}, where each slice counts its bytes plus
 * the open cost; slices go largest first into the current partition while they fit, else into a new
 * one ({@code FilePartition.getFilePartitions}).
 */
final class PartitionPlanner {
    private PartitionPlanner() {}

    /** The largest partition size for {@code slices} (Spark's {@code maxSplitBytes}). */
    static long maxSplitBytes(
            List<TallyInputPartition.Slice> slices,
            long partitionBytes,
            long openCost,
            int parallelism) {
        long total = 0;
        for (TallyInputPartition.Slice s : slices) {
            total += s.bytes() + openCost;
        }
        return Math.min(partitionBytes, Math.max(openCost, total / Math.max(1, parallelism)));
    }

    static List<TallyInputPartition> pack(
            List<TallyInputPartition.Slice> slices, long maxSplitBytes, long openCost) {
        List<TallyInputPartition.Slice> bySize = new ArrayList<>(slices);
        bySize.sort(Comparator.comparingLong(TallyInputPartition.Slice::bytes).reversed());
        List<TallyInputPartition> partitions = new ArrayList<>();
        List<TallyInputPartition.Slice> current = new ArrayList<>();
        long size = 0;
        for (TallyInputPartition.Slice s : bySize) {
            if (!current.isEmpty() && size + s.bytes() > maxSplitBytes) {
                partitions.add(new TallyInputPartition(current));
                current = new ArrayList<>();
                size = 0;
            }
            current.add(s);
            size += s.bytes() + openCost;
        }
        if (!current.isEmpty()) {
            partitions.add(new TallyInputPartition(current));
        }
        return partitions;
    }
}
