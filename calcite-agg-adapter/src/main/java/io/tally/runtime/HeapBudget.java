package io.tally.runtime;

import io.tally.batch.QueryCancelledException;
import io.tally.memory.MemoryLimitExceededException;
import io.tally.memory.MemoryPool;
import io.tally.session.QueryContext;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.calcite.DataContext;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * The run-time side of {@code io.tally.plan.HeapBudgetRel}: passes on the rows a Calcite heap
 * operator reads, estimating each row's heap bytes ({@link #estimate}) and reserving them from the
 * query's pool in steps of {@link #RESERVE_STEP}, until the rows are closed; a refused reservation
 * ends the query with an error naming the operator and the limit, before the heap is exhausted. The
 * cancel flag is checked every {@link #CHECK_ROWS} rows, so a cancel stops the operator while it
 * reads.
 */
public final class HeapBudget {
    /** Rows between two looks at the cancel flag. */
    static final int CHECK_ROWS = 1024;

    /** Estimated bytes are reserved in steps of this size (one pool call per step). */
    static final long RESERVE_STEP = 1L << 20;

    /** Header plus one reference per slot of a row array. */
    private static final int ARRAY_HEADER = 16;

    private static final int REFERENCE = 8;

    /** A boxed number, boolean or character. */
    private static final int BOXED = 16;

    /** A String's object and array headers (its Latin-1 characters add one byte each). */
    private static final int STRING_HEADER = 40;

    private static final int BIG_DECIMAL = 64;
    private static final int OTHER = 32;

    private HeapBudget() {}

    /**
     * {@code input}, counted for {@code operator}. Called through {@link TallyMethod#HEAP_BUDGET}.
     */
    public static <T> Enumerable<T> budget(DataContext root, Enumerable<T> input, String operator) {
        QueryContext query = QueryContext.of(root);
        return new AbstractEnumerable<T>() {
            @Override
            public Enumerator<T> enumerator() {
                return new Counted<>(
                        input.enumerator(), query.pool(), query.cancelFlag()::get, operator);
            }
        };
    }

    /** Estimated heap bytes of a row as Calcite's enumerables hold it. */
    static long estimate(Object row) {
        if (row instanceof Object[] values) {
            long bytes = ARRAY_HEADER + (long) REFERENCE * values.length;
            for (Object v : values) {
                bytes += value(v);
            }
            return bytes;
        }
        return REFERENCE + value(row);
    }

    private static long value(Object v) {
        if (v == null) {
            return 0;
        } else if (v instanceof String s) {
            return STRING_HEADER + s.length();
        } else if (v instanceof BigDecimal) {
            return BIG_DECIMAL;
        } else if (v instanceof Number || v instanceof Boolean || v instanceof Character) {
            return BOXED;
        } else if (v instanceof ByteString b) {
            return OTHER + b.length();
        } else if (v instanceof List<?> list) {
            long bytes = ARRAY_HEADER + (long) REFERENCE * list.size();
            for (Object e : list) {
                bytes += value(e);
            }
            return bytes;
        }
        return OTHER;
    }

    /** The counting enumerator: reservations last until it is closed. */
    private static final class Counted<T> implements Enumerator<T> {
        private final Enumerator<T> input;
        private final MemoryPool pool;
        private final BooleanSupplier cancelled;
        private final String operator;
        private long rows;
        private long estimated;
        private long reserved;

        Counted(Enumerator<T> input, MemoryPool pool, BooleanSupplier cancelled, String operator) {
            this.input = input;
            this.pool = pool;
            this.cancelled = cancelled;
            this.operator = operator;
        }

        @Override
        public T current() {
            return input.current();
        }

        @Override
        public boolean moveNext() {
            if (++rows % CHECK_ROWS == 0 && cancelled.getAsBoolean()) {
                throw new QueryCancelledException(operator);
            }
            if (!input.moveNext()) {
                return false;
            }
            estimated += estimate(input.current());
            if (estimated - reserved >= RESERVE_STEP) {
                long step = estimated - reserved;
                if (!pool.tryReserve(step)) {
                    MemoryPool full = pool.refusedBy();
                    throw new MemoryLimitExceededException(
                            operator
                                    + " keeps its input on the Java heap:"
                                    + " "
                                    + rows
                                    + " rows (about "
                                    + MemoryPool.formatBytes(estimated)
                                    + ") exceed "
                                    + full.limitName()
                                    + " "
                                    + MemoryPool.formatBytes(full.limit())
                                    + (full == pool ? "" : " shared by all queries")
                                    + "; Calcite's operators do not spill: filter or aggregate first, add a LIMIT,"
                                    + " or raise "
                                    + full.limitName());
                }
                reserved += step;
            }
            return true;
        }

        @Override
        public void reset() {
            input.reset();
        }

        @Override
        public void close() {
            try {
                input.close();
            } finally {
                if (reserved > 0) {
                    pool.release(reserved);
                    reserved = 0;
                }
            }
        }
    }
}
