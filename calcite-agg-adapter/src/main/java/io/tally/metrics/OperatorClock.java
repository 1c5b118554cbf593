package io.tally.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Charges one query thread's time to the operator running at each moment. Profiled operators call
 * {@link #enter} when control passes into them and {@link #exit} when it returns, so each interval
 * between two transitions belongs to exactly one operator: an operator's own time excludes the time
 * of its inputs without any subtraction.
 *
 * <p>Wall time is read at every transition ({@code System.nanoTime}). The thread CPU clock is
 * slower to read, so it is read at a transition only once {@link #CPU_SAMPLE_NANOS} of wall time
 * have passed since the last reading; the CPU time of such an interval is split between the
 * operators in proportion to the wall time each was charged in it (never more than that wall time).
 * Where transitions are batch-sized (Tally scans and aggregates) an interval is usually a single
 * transition and the split is exact. Single-threaded.
 */
public final class OperatorClock {
    /**
     * Least wall time between two readings of the thread CPU clock: a reading costs 1 to 5
     * microseconds (a system call, slower on virtual machines), so this keeps it under 0.5%.
     */
    public static final long CPU_SAMPLE_NANOS = 1_000_000;

    /** The operator index meaning "none": the consumer of the query's rows. */
    public static final int OUTSIDE = -1;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final OperatorStats[] stats;
    private final long[] pendingWall;
    private final boolean cpuClock;
    private int current = OUTSIDE;
    private long mark;
    private long sampleWall;
    private long sampleCpu;

    /** A clock charging the operators {@code stats} (indexed by operator id). */
    public OperatorClock(OperatorStats[] stats) {
        this.stats = stats;
        this.pendingWall = new long[stats.length];
        this.cpuClock =
                THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
        this.mark = System.nanoTime();
        this.sampleWall = mark;
        this.sampleCpu = cpuTime();
    }

    /** Control passes into operator {@code operator}; returns the operator to give it back to. */
    public int enter(int operator) {
        charge();
        int previous = current;
        current = operator;
        return previous;
    }

    /** Control returns from the current operator to {@code previous} (from {@link #enter}). */
    public void exit(int previous) {
        charge();
        current = previous;
    }

    /** The operator that has control now, or {@link #OUTSIDE}. */
    public int current() {
        return current;
    }

    /** Ends the query: charges the time up to now and splits the CPU time not yet split. */
    public void finish() {
        charge();
        sample(System.nanoTime());
        current = OUTSIDE;
    }

    /**
     * Charges the time since the last transition to the operator that had control, including a CPU
     * clock reading taken now (so wall times always add up to the elapsed time).
     */
    private void charge() {
        long now = System.nanoTime();
        chargeCurrent(now - mark);
        mark = now;
        if (now - sampleWall >= CPU_SAMPLE_NANOS) {
            sample(now);
            mark = System.nanoTime();
            chargeCurrent(mark - now);
        }
    }

    private void chargeCurrent(long elapsed) {
        if (current != OUTSIDE) {
            stats[current].wallNanos += elapsed;
            pendingWall[current] += elapsed;
        }
    }

    private void sample(long now) {
        long cpu = cpuTime();
        long cpuElapsed = cpu - sampleCpu;
        long wallElapsed = now - sampleWall;
        for (int i = 0; i < pendingWall.length; i++) {
            long wall = pendingWall[i];
            if (wall > 0) {
                long share =
                        wallElapsed <= 0 ? 0 : (long) ((double) cpuElapsed * wall / wallElapsed);
                stats[i].cpuNanos += Math.min(wall, Math.max(0, share));
                pendingWall[i] = 0;
            }
        }
        sampleWall = now;
        sampleCpu = cpu;
    }

    private long cpuTime() {
        return cpuClock ? THREADS.getCurrentThreadCpuTime() : 0;
    }
}
