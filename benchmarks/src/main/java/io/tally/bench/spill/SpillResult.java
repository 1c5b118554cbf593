package io.tally.bench.spill;

/**
 * One configuration's measurements (medians over the timed runs, per metric): spilled bytes written
 * and read, files, the aggregate's spill write/read milliseconds, the query's cpu milliseconds (sum
 * over its operators) and wall milliseconds, the rows the profiled aggregate returned, and the
 * digest of the checked run's answer.
 */
record SpillResult(
        long rows,
        String format,
        String compression,
        long writeBytes,
        long readBytes,
        long files,
        long writeMs,
        long readMs,
        long cpuMs,
        long wallMs,
        long outputRows,
        SpillAnswer answer) {}
