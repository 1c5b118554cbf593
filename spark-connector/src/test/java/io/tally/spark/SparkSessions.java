package io.tally.spark;

import org.apache.spark.sql.SparkSession;

/** The tests' one {@code local[2]} session (UI off, few shuffle partitions: small data). */
final class SparkSessions {
    /** Shuffle partitions for test queries: two cores, small answers. */
    private static final int SHUFFLE_PARTITIONS = 4;

    private static SparkSession session;

    private SparkSessions() {}

    static synchronized SparkSession local() {
        if (session == null) {
            session =
                    SparkSession.builder()
                            .master("local[2]")
                            .appName("tally-spark-test")
                            .config("spark.ui.enabled", "false")
                            .config("spark.sql.shuffle.partitions", SHUFFLE_PARTITIONS)
                            .config("spark.sql.adaptive.enabled", "false")
                            .config("spark.driver.host", "127.0.0.1")
                            .config("spark.driver.bindAddress", "127.0.0.1")
                            .getOrCreate();
            session.sparkContext().setLogLevel("ERROR");
        }
        return session;
    }
}
