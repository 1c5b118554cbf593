/**
 * {@code ./tally bench spark}: h2o groupby questions on a {@code local[2]} Spark, Spark's own
 * readers and aggregate against the tally source with the aggregate pushed down. Built into {@code
 * tally-spark-bench.jar}, run on Spark's class path with {@code tally-spark.jar}; it uses only
 * Spark's API and the data generator.
 */
package io.tally.spark.bench;
