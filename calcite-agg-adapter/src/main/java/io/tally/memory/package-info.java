/**
 * Memory accounting: the per-query {@link io.tally.memory.MemoryPool} ("pool", reserved bytes) and
 * per-operator {@link io.tally.memory.OperatorMemory} contexts owning named child allocators
 * ("live", allocated bytes).
 *
 * <p>May import: {@code batch} (for the root exception) only; never {@code exec}.
 */
package io.tally.memory;
