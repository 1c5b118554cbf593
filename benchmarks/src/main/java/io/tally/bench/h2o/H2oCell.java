package io.tally.bench.h2o;

import io.tally.bench.sql.Answer;
import io.tally.bench.sql.Checksum;
import io.tally.bench.sql.QueryRunner.Timed;

/**
 * What one engine did with one query: its two engine-side runs (the checksum query, first and
 * second run), or the reason there are none ({@code timedOut}: cancelled after the timeout); and,
 * with {@code --to-client}, the second run of the plain query with every row read over JDBC, or why
 * that failed.
 */
record H2oCell(
        Timed<Checksum> first,
        Timed<Checksum> second,
        Timed<Answer> client,
        String reason,
        boolean timedOut,
        String clientReason) {
    /** Which run a time is taken from. */
    enum Run {
        /**
         * The checksum query's first run in this process (cold for data and, once, for the JIT).
         */
        FIRST("1st"),
        /**
         * The checksum query's warm run: its second, as db-benchmark reports, or with {@code --runs
         * N} the median of runs 2 to N.
         */
        SECOND("2nd"),
        /**
         * The plain query's second run with every row pulled through JDBC ({@code --to-client}).
         */
        CLIENT("client");

        private final String suffix;

        Run(String suffix) {
            this.suffix = suffix;
        }

        /** The suffix of this run's column names, e.g. {@code tally_1st}. */
        String suffix() {
            return suffix;
        }
    }

    static H2oCell ran(Timed<Checksum> first, Timed<Checksum> second) {
        return new H2oCell(first, second, null, null, false, null);
    }

    static H2oCell failed(String reason) {
        return new H2oCell(null, null, null, reason, false, null);
    }

    static H2oCell timedOut(String reason) {
        return new H2oCell(null, null, null, reason, true, null);
    }

    /** This cell with the to-client run added. */
    H2oCell withClient(Timed<Answer> timed) {
        return new H2oCell(first, second, timed, reason, timedOut, null);
    }

    /** This cell with the reason its to-client run failed. */
    H2oCell withClientFailure(String why) {
        return new H2oCell(first, second, null, reason, timedOut, why);
    }

    /** True when both engine-side runs finished. */
    boolean answered() {
        return second != null;
    }

    /** Nanoseconds of {@code run}, or -1 when it did not run. */
    long nanos(Run run) {
        Timed<?> t =
                switch (run) {
                    case FIRST -> first;
                    case SECOND -> second;
                    case CLIENT -> client;
                };
        return t == null ? -1 : t.nanos();
    }

    /** What the cell prints for {@code run} when it has no time. */
    String missing() {
        return timedOut ? "timeout" : "n/a";
    }
}
