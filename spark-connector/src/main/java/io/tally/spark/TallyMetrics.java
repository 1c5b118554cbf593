package io.tally.spark;

import java.util.Arrays;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * What the source's tasks report to Spark (the SQL tab of the UI and the executed plan's metrics):
 * rows read from files, partial groups returned, bytes spilled and the peak of memory reserved by
 * one task's aggregate. Spark instantiates the metric classes by name on the driver, so each has a
 * public no-argument constructor.
 */
final class TallyMetrics {
    static final String ROWS_READ = "tallyRowsRead";
    static final String GROUPS = "tallyPartialGroups";
    static final String SPILLED_BYTES = "tallySpilledBytes";
    static final String PEAK_MEMORY = "tallyPeakMemory";

    private TallyMetrics() {}

    /** The metrics a scan declares (all of them; a plain scan reports rows read only). */
    static CustomMetric[] all() {
        return new CustomMetric[] {
            new RowsRead(), new PartialGroups(), new SpilledBytes(), new PeakMemory()
        };
    }

    /** One task's value of a metric. */
    static CustomTaskMetric value(String name, long value) {
        return new CustomTaskMetric() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long value() {
                return value;
            }
        };
    }

    /** Rows the tasks read from their files (before pushed filters). */
    public static final class RowsRead extends CustomSumMetric {
        @Override
        public String name() {
            return ROWS_READ;
        }

        @Override
        public String description() {
            return "tally rows read";
        }
    }

    /** Groups the pushed aggregate returned to Spark, summed over partitions. */
    public static final class PartialGroups extends CustomSumMetric {
        @Override
        public String name() {
            return GROUPS;
        }

        @Override
        public String description() {
            return "tally partial groups";
        }
    }

    /** Bytes the pushed aggregate wrote to spill files. */
    public static final class SpilledBytes extends CustomSumMetric {
        @Override
        public String name() {
            return SPILLED_BYTES;
        }

        @Override
        public String description() {
            return "tally spilled bytes";
        }
    }

    /** The largest memory reservation of one task's aggregate, in bytes. */
    public static final class PeakMemory implements CustomMetric {
        @Override
        public String name() {
            return PEAK_MEMORY;
        }

        @Override
        public String description() {
            return "tally peak memory per task";
        }

        @Override
        public String aggregateTaskMetrics(long[] taskMetrics) {
            return Long.toString(Arrays.stream(taskMetrics).max().orElse(0));
        }
    }
}
