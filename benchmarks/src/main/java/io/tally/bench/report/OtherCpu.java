package io.tally.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How busy other processes kept the machine while a benchmark ran: a snapshot of the machine's busy
 * CPU time ({@code /proc/stat}) and this process's ({@code /proc/self/stat}); {@link #since} gives
 * the CPU other processes used in between as a share of all cores' wall time. A timing taken while
 * others used a large share is not comparable with one taken on an idle machine (a load average
 * cannot tell this benchmark's own threads from the rest).
 */
public record OtherCpu(long machineTicks, long ownTicks, long nanos) {
    private static final Path MACHINE = Path.of("/proc/stat");
    private static final Path SELF = Path.of("/proc/self/stat");

    /** Fields of the {@code cpu} line counted as busy: user, nice, system, irq, softirq, steal. */
    private static final int[] BUSY_FIELDS = {1, 2, 3, 6, 7, 8};

    /** utime and stime in {@code /proc/self/stat}, counted after the command name's ')'. */
    private static final int UTIME_AFTER_NAME = 12;

    /** Linux's USER_HZ: clock ticks per second in both files. */
    private static final double TICKS_PER_SECOND = 100;

    /** The counters now, or null where {@code /proc} cannot be read (not Linux). */
    public static OtherCpu now() {
        try {
            String[] cpu = Files.readAllLines(MACHINE).get(0).trim().split("\\s+");
            long busy = 0;
            for (int f : BUSY_FIELDS) {
                busy += Long.parseLong(cpu[f]);
            }
            String self = Files.readString(SELF);
            String[] after = self.substring(self.lastIndexOf(')') + 2).trim().split("\\s+");
            long own =
                    Long.parseLong(after[UTIME_AFTER_NAME - 1])
                            + Long.parseLong(after[UTIME_AFTER_NAME]);
            return new OtherCpu(busy, own, System.nanoTime());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The share of all cores' time since {@code start} that other processes were busy, e.g. {@code
     * 3%}; {@code unknown} when either snapshot is missing.
     */
    public static String since(OtherCpu start, OtherCpu end) {
        if (start == null || end == null || end.nanos <= start.nanos) {
            return "unknown";
        }
        double other =
                (end.machineTicks - start.machineTicks - (end.ownTicks - start.ownTicks))
                        / TICKS_PER_SECOND;
        double capacity =
                (end.nanos - start.nanos) / 1e9 * Runtime.getRuntime().availableProcessors();
        return String.format(Locale.ROOT, "%.0f%%", Math.max(0, 100 * other / capacity));
    }
}
