/**
 * Vectorized expression evaluation over Arrow batches: an {@link io.tally.exec.expr.Expr} tree
 * describes a filter and projections ({@link io.tally.exec.expr.CalcProgram}); a {@link
 * io.tally.exec.expr.BatchCalculator} compiles it into typed kernels that run a whole batch per
 * call over primitive arrays (no boxing, no per-row allocation) and writes the results into new
 * Arrow vectors.
 *
 * <p>May import: {@code batch} only (it is the one room that does not need the hash table).
 */
package io.tally.exec.expr;
