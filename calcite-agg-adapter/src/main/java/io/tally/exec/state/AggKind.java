package io.tally.exec.state;

/**
 * The aggregate functions the runtime computes (Calcite's names; {@code SUM0} is {@code $SUM0}).
 */
public enum AggKind {
    COUNT,
    SUM,
    SUM0,
    AVG,
    MIN,
    MAX,
    STDDEV_POP,
    STDDEV_SAMP,
    VAR_POP,
    VAR_SAMP,
    /** BOOL_AND / EVERY. */
    BOOL_AND,
    /** BOOL_OR / SOME. */
    BOOL_OR,
    ANY_VALUE,
    SINGLE_VALUE,
    GROUPING,
    GROUPING_ID,
    BIT_AND,
    BIT_OR,
    BIT_XOR,
    /** LISTAGG / STRING_AGG(x [, separator]) over VARCHAR. */
    LISTAGG,
    /** ARRAY_AGG(x) over VARCHAR, giving a VARCHAR ARRAY. */
    ARRAY_AGG,
    /** MEDIAN(x) over a numeric type, giving DOUBLE (DuckDB's {@code quantile_cont(x, 0.5)}). */
    MEDIAN,
    /** LITERAL_AGG[c](): the call's constant for every group (Calcite's NOT IN rewrite). */
    LITERAL_AGG,
    /** The covariance and regression family over (y, x) pairs, see {@link CoMoments}. */
    COVAR_POP,
    COVAR_SAMP,
    CORR,
    REGR_COUNT,
    REGR_SXX,
    REGR_SYY,
    REGR_SXY,
    REGR_AVGX,
    REGR_AVGY,
    REGR_SLOPE,
    REGR_INTERCEPT,
    REGR_R2,
    /** ARG_MIN(x, y) / ARG_MAX(x, y) (MIN_BY / MAX_BY): x of a row with the least / most y. */
    ARG_MIN,
    ARG_MAX,
    /** The most frequent value, the smallest among equally frequent ones. */
    MODE,
    /**
     * PERCENTILE_CONT(f) WITHIN GROUP (ORDER BY x): interpolated; the fraction is the call's
     * constant, x its argument.
     */
    PERCENTILE_CONT,
    /** PERCENTILE_DISC(f) WITHIN GROUP (ORDER BY x): the first value at or past position f·n. */
    PERCENTILE_DISC,
    /** COLLECT(x): the MULTISET of the non-NULL values. */
    COLLECT,
    /** FUSION(m): the MULTISET union (all items) of multisets. */
    FUSION,
    /** INTERSECTION(m): the MULTISET intersection of multisets. */
    INTERSECTION,
    /** ARRAY_CONCAT_AGG(a): the arrays concatenated. */
    ARRAY_CONCAT_AGG,
    /** JSON_ARRAYAGG(x): a JSON array of the values. */
    JSON_ARRAYAGG,
    /** JSON_OBJECTAGG(k, v): a JSON object of the key/value pairs. */
    JSON_OBJECTAGG,
    /**
     * The best {@link TopKOrder#limit()} rows of each group by {@link TopKOrder#keys()} (the
     * top-N-per-group form of {@code ROW_NUMBER() OVER (PARTITION BY … ORDER BY …) <= k}); the
     * result is an encoded VARBINARY that {@code io.tally.exec.topk.TopKExpander} turns into rows.
     */
    TOP_K
}
