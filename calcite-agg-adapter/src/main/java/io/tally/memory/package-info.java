/**
 * Memory accounting: the per-query {@link io.tally.memory.MemoryPool} ("pool", reserved bytes)
 * and per-operator {@link io.tally.memory.OperatorMemory} contexts owning named child allocators
 * ("live", allocated bytes).
 */
package io.tally.memory;
