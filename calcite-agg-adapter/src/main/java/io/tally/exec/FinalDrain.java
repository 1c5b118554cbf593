package io.tally.exec;

import io.tally.batch.BatchCursor;
import io.tally.metrics.AggregateMetrics;
import java.util.function.ToLongFunction;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The drain of a {@link ParallelAggregator}'s finished final tables in parts that several threads
 * may read at once: each final table is emitted by one part only and closed as soon as it is used
 * up. The aggregate's metrics object guards the shared counts.
 */
final class FinalDrain {
    private final FinalTables finals;
    private final AggregateMetrics metrics;
    private final String name;

    /** Updates the aggregate's memory peaks (called under the metrics' lock). */
    private final Runnable trackPeaks;

    /** Final tables drained and closed, guarded by {@link #metrics} as the counts below. */
    private final boolean[] retired;

    private int retiredCount;

    /** Parts of the drain ({@link #part}), 0 before the first is asked for. */
    private int parts;

    private boolean[] partTaken;

    /**
     * A drain of {@code finals} (finished), recording into {@code metrics}; {@code trackPeaks}
     * updates its memory peaks at each batch.
     */
    FinalDrain(FinalTables finals, AggregateMetrics metrics, String name, Runnable trackPeaks) {
        this.finals = finals;
        this.trackPeaks = trackPeaks;
        this.metrics = metrics;
        this.name = name;
        this.retired = new boolean[finals.count()];
    }

    /**
     * The cursor of part {@code part} of {@code parts}: final tables {@code part}, {@code part +
     * parts}, … (see {@link ParallelAggregator#drainPart}).
     *
     * @throws IllegalStateException if a cursor of this part was made, or with another part count
     */
    BatchCursor part(int part, int parts) {
        if (part < 0 || part >= parts) {
            throw new IllegalArgumentException(name + ": drain part " + part + " of " + parts);
        }
        synchronized (metrics) {
            if (this.parts == 0) {
                this.parts = parts;
                partTaken = new boolean[parts];
            }
            if (parts != this.parts || partTaken[part]) {
                throw new IllegalStateException(
                        name + ": drain part " + part + " of " + parts + " asked for twice");
            }
            partTaken[part] = true;
        }
        return new PartDrain(part, parts);
    }

    /** The cursor of {@link #part}. */
    private final class PartDrain implements BatchCursor {
        private final int parts;
        private int table;

        PartDrain(int part, int parts) {
            this.parts = parts;
            this.table = part;
        }

        @Override
        public VectorSchemaRoot next() {
            while (table < finals.count()) {
                VectorSchemaRoot block = finals.table(table).nextBlock();
                if (block != null) {
                    synchronized (metrics) {
                        trackPeaks.run();
                        metrics.batchOut(
                                System.nanoTime(),
                                block.getRowCount(),
                                FinalDrain.this::poolBytes,
                                FinalDrain.this::liveBytes);
                    }
                    return block;
                }
                retire(table);
                table += parts;
            }
            return null;
        }

        @Override
        public void close() {
            RuntimeException failure = null;
            for (; table < finals.count(); table += parts) {
                try {
                    retire(table);
                } catch (RuntimeException e) {
                    failure = failure == null ? e : failure;
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }

    /**
     * Closes drained (or abandoned) final table {@code p} and takes its spill figures; the last one
     * ends the drain.
     */
    private void retire(int p) {
        synchronized (metrics) {
            if (retired[p]) {
                return;
            }
            retired[p] = true;
            metrics.addSpill(finals.table(p).metrics());
            try {
                finals.table(p).close();
            } finally {
                if (++retiredCount == retired.length) {
                    metrics.drainEnded(System.nanoTime());
                    metrics.groups = metrics.outputRows;
                }
            }
        }
    }

    /** Bytes the final tables not yet drained hold reserved now. */
    long poolBytes() {
        return undrained(BlockedAggregator::poolBytes);
    }

    /** Bytes the allocators of the final tables not yet drained hold now. */
    long liveBytes() {
        return undrained(BlockedAggregator::liveBytes);
    }

    /** The sum of {@code bytes} over the final tables not yet drained. */
    private long undrained(ToLongFunction<BlockedAggregator> bytes) {
        long n = 0;
        synchronized (metrics) {
            for (int p = 0; p < retired.length; p++) {
                n += retired[p] ? 0 : bytes.applyAsLong(finals.table(p));
            }
        }
        return n;
    }
}
