/**
 * Tally's aggregate runtime: the blocked hash table, aggregate functions with typed state
 * columns, and the {@link io.tally.exec.BlockedAggregator} operator. Imports nothing from the
 * planner; the planner glue builds an {@link io.tally.exec.AggregateSpec} and drives the
 * operator through sink, finish, nextBlock and close.
 */
package io.tally.exec;
