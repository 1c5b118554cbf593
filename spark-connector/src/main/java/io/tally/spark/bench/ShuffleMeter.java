package io.tally.spark.bench;

import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/** Adds up the shuffle bytes Spark's tasks write (their task metrics) between two readings. */
final class ShuffleMeter extends SparkListener {
    private final AtomicLong written = new AtomicLong();

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskMetrics() != null) {
            written.addAndGet(end.taskMetrics().shuffleWriteMetrics().bytesWritten());
        }
    }

    /** Bytes written since the last call, once every task-end event so far has been delivered. */
    long take(SparkContext context) {
        try {
            context.listenerBus().waitUntilEmpty();
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "Spark's listener bus did not drain: " + e.getMessage(), e);
        }
        return written.getAndSet(0);
    }
}
