package io.tally.runtime;

import io.tally.metrics.OperatorClock;
import io.tally.metrics.OperatorStats;
import io.tally.metrics.QueryProfile;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * One profiled operator's output: every call into the operator's enumerator (open, {@code
 * moveNext}, close, and {@code current} unless it is known to be cheap) runs with the operator
 * charged on the query's {@link OperatorClock}, and each row it returns is counted.
 */
class ProfiledEnumerable<T> extends AbstractEnumerable<T> {
    final Enumerable<T> input;
    final OperatorClock clock;
    final OperatorStats stats;
    final int operatorId;
    private final boolean timeCurrent;

    @SuppressWarnings("unchecked")
    ProfiledEnumerable(
            Enumerable<?> input, QueryProfile profile, int operatorId, boolean timeCurrent) {
        this.timeCurrent = timeCurrent;
        this.input = (Enumerable<T>) input;
        this.clock = profile.clock();
        this.stats = profile.stats(operatorId);
        this.operatorId = operatorId;
    }

    @Override
    public Enumerator<T> enumerator() {
        int previous = clock.enter(operatorId);
        try {
            stats.opens++;
            return new ProfiledEnumerator(input.enumerator());
        } finally {
            clock.exit(previous);
        }
    }

    /** Counts rows and charges time around each call of the operator's own enumerator. */
    private final class ProfiledEnumerator implements Enumerator<T> {
        private final Enumerator<T> rows;

        ProfiledEnumerator(Enumerator<T> rows) {
            this.rows = rows;
        }

        @Override
        public T current() {
            if (!timeCurrent) {
                return rows.current();
            }
            int previous = clock.enter(operatorId);
            try {
                return rows.current();
            } finally {
                clock.exit(previous);
            }
        }

        @Override
        public boolean moveNext() {
            int previous = clock.enter(operatorId);
            try {
                boolean more = rows.moveNext();
                if (more) {
                    stats.outputRows++;
                }
                return more;
            } finally {
                clock.exit(previous);
            }
        }

        @Override
        public void reset() {
            int previous = clock.enter(operatorId);
            try {
                rows.reset();
            } finally {
                clock.exit(previous);
            }
        }

        @Override
        public void close() {
            int previous = clock.enter(operatorId);
            try {
                rows.close();
            } finally {
                clock.exit(previous);
            }
        }
    }
}
