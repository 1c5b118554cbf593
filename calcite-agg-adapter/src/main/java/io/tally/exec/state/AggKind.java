package io.tally.exec.state;

/** The aggregate functions the runtime computes (Calcite's names; {@code SUM0} is {@code $SUM0}). */
public enum AggKind {
  COUNT, SUM, SUM0, AVG, MIN, MAX,
  STDDEV_POP, STDDEV_SAMP, VAR_POP, VAR_SAMP,
  /** BOOL_AND / EVERY. */
  BOOL_AND,
  /** BOOL_OR / SOME. */
  BOOL_OR,
  ANY_VALUE, SINGLE_VALUE, GROUPING, GROUPING_ID, BIT_AND, BIT_OR, BIT_XOR,
  /** LISTAGG / STRING_AGG(x [, separator]) over VARCHAR. */
  LISTAGG,
  /** ARRAY_AGG(x) over VARCHAR, giving a VARCHAR ARRAY. */
  ARRAY_AGG,
  /** MEDIAN(x) over a numeric type, giving DOUBLE (DuckDB's {@code quantile_cont(x, 0.5)}). */
  MEDIAN,
  /**
   * The best {@link TopKOrder#limit()} rows of each group by {@link TopKOrder#keys()} (the
   * top-N-per-group form of {@code ROW_NUMBER() OVER (PARTITION BY … ORDER BY …) <= k}); the
   * result is an encoded VARBINARY that {@code io.tally.exec.topk.TopKExpander} turns into rows.
   */
  TOP_K
}
