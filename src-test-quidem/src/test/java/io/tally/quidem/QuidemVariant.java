package io.tally.quidem;

import java.util.List;
import java.util.Map;

/**
 * One engine configuration under which every {@code .iq} script runs; all variants must give
 * the same answers. {@code env} values are visible to scripts as {@code !if (name) {}};
 * {@code defaults} is true only with default settings (for output that depends on them, such as
 * block counts in EXPLAIN ANALYZE).
 */
record QuidemVariant(String name, String urlSettings, Map<String, Object> env) {
  /** The configurations the suite runs under. */
  static final List<QuidemVariant> ALL = List.of(
      new QuidemVariant("default", "", Map.of("blocked", true, "defaults", true)),
      new QuidemVariant("calcite", "aggregate=calcite", Map.of("blocked", false)),
      new QuidemVariant("emit_all", "emit=all", Map.of("blocked", true)),
      new QuidemVariant("block_size_2", "block_size=2", Map.of("blocked", true)));
}
