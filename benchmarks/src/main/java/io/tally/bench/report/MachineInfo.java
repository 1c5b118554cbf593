package io.tally.bench.report;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The one-line description of the machine and JVM that heads every result table. */
public final class MachineInfo {
    private MachineInfo() {}

    /**
     * e.g. {@code machine: 2 cores, max heap 8.0 GiB, max direct 16.0 GiB, OpenJDK 64-Bit Server VM
     * 17.0.15, Linux amd64}.
     */
    public static String describe() {
        Runtime rt = Runtime.getRuntime();
        return String.format(
                Locale.ROOT,
                "machine: %d cores, max heap %s, max direct %s, RAM %s, %s %s, %s %s",
                rt.availableProcessors(),
                Bytes.format(rt.maxMemory()),
                maxDirect(),
                physicalMemory(),
                System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"),
                System.getProperty("os.name"),
                System.getProperty("os.arch"));
    }

    /**
     * -XX:MaxDirectMemorySize if set, else "= max heap" (the JDK default). Tally's Arrow buffers
     * use the unsafe allocator, which is not bounded by it; they count toward RAM only.
     */
    private static String maxDirect() {
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-XX:MaxDirectMemorySize=")) {
                return arg.substring("-XX:MaxDirectMemorySize=".length());
            }
        }
        return "= heap (JDK default; Arrow unsafe buffers are not bounded by it)";
    }

    /**
     * The 1, 5 and 15 minute load averages ({@code /proc/loadavg}; elsewhere the JVM's 1-minute
     * figure), printed beside timings: numbers from a loaded machine are not comparable.
     */
    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            double one = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return one < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", one);
        }
    }

    private static String physicalMemory() {
        java.lang.management.OperatingSystemMXBean os =
                ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return Bytes.format(sun.getTotalMemorySize());
        }
        return "unknown";
    }
}
