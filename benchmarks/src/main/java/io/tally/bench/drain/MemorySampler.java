package io.tally.bench.drain;

import io.tally.memory.MemoryPool;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A daemon thread that reads an operator's pool (reserved bytes) and live (allocated bytes) every
 * {@link #INTERVAL_NANOS}, so a peak inside one long poll is seen; it keeps every sample for the
 * plot and the largest gap between two samples, to show how well the OS kept up.
 *
 * <p>Layout: samples are three parallel growable arrays {@code nanos[i], pool[i], live[i]}; {@code
 * nanos} is relative to {@link #start()}.
 */
final class MemorySampler implements AutoCloseable {
    /** Target sampling period: 100 µs, well under the 250 µs the benchmark promises. */
    static final long INTERVAL_NANOS = 100_000;

    private static final int INITIAL_CAPACITY = 1 << 16;

    private final MemoryPool pool;
    private final BufferAllocator live;
    private final Thread thread;
    private final long origin;
    private volatile boolean running = true;
    private long[] nanos = new long[INITIAL_CAPACITY];
    private long[] poolBytes = new long[INITIAL_CAPACITY];
    private long[] liveBytes = new long[INITIAL_CAPACITY];
    private int count;
    private long maxIntervalNanos;

    /** Starts sampling {@code pool.reserved()} and {@code live.getAllocatedMemory()} now. */
    MemorySampler(MemoryPool pool, BufferAllocator live) {
        this.pool = pool;
        this.live = live;
        this.origin = System.nanoTime();
        this.thread = new Thread(this::loop, "drain-memory-sampler");
        thread.setDaemon(true);
        thread.setPriority(Thread.MAX_PRIORITY);
        thread.start();
    }

    long start() {
        return origin;
    }

    private void loop() {
        long last = System.nanoTime();
        while (running) {
            sample();
            LockSupport.parkNanos(INTERVAL_NANOS);
            long now = System.nanoTime();
            maxIntervalNanos = Math.max(maxIntervalNanos, now - last);
            last = now;
        }
        sample();
    }

    private void sample() {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
            poolBytes = Arrays.copyOf(poolBytes, count * 2);
            liveBytes = Arrays.copyOf(liveBytes, count * 2);
        }
        nanos[count] = System.nanoTime() - origin;
        poolBytes[count] = pool.reserved();
        liveBytes[count] = live.getAllocatedMemory();
        count++;
    }

    /** Stops the thread and waits for it; after this the samples may be read. */
    @Override
    public void close() {
        running = false;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the memory sampler", e);
        }
    }

    MemoryTrace trace() {
        return new MemoryTrace(
                Arrays.copyOf(nanos, count),
                Arrays.copyOf(poolBytes, count),
                Arrays.copyOf(liveBytes, count),
                maxIntervalNanos);
    }
}
