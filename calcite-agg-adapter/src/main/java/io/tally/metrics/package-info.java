/** Operator metrics reported by EXPLAIN ANALYZE. */
package io.tally.metrics;
