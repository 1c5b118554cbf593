package io.tally.plan;

import com.google.common.collect.ImmutableList;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexFieldCollation;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexWindow;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rex.RexWindowBounds;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Rewrites window RANGE frames with offsets ({@code RANGE BETWEEN 1 PRECEDING AND …}) into the one
 * shape Calcite's window operator computes right: a single ascending, non-NULL BIGINT or DOUBLE key
 * with offsets of the same kind. It gets the others wrong: DATE keys (a DAY offset is added as
 * milliseconds to days, so every row is in every frame), DESC keys (every result NULL), NULL keys
 * (NullPointerException), DECIMAL keys (the generated code does not compile).
 *
 * <p>The key becomes: integers and DECIMAL(p ≤ 18, s) a BIGINT (DECIMAL scaled by 10^s), REAL and
 * DOUBLE a DOUBLE, DATE its day number, TIME and TIMESTAMP milliseconds; offsets likewise, rounded
 * down for an integer key (an integer k' lies within k ± o exactly when it lies within k ±
 * floor(o)). DESC negates the key. A nullable key adds {@code key IS NULL} to the partition, and a
 * NULL key's row takes the frame of all its NULL peers, as PostgreSQL and DuckDB do. Offsets in
 * months or years have no fixed length and are refused.
 */
final class RangeFrames {
    private static final long MILLIS_PER_DAY = 86_400_000L;

    /** Largest DECIMAL precision whose values, scaled to integers, fit a BIGINT. */
    private static final int MAX_SCALED_PRECISION = 18;

    private final RexBuilder rex;

    RangeFrames(RexBuilder rex) {
        this.rex = rex;
    }

    /** Whether {@code over} has a RANGE frame with an offset bound. */
    static boolean needsRewrite(RexOver over) {
        RexWindow w = over.getWindow();
        return !w.isRows() && (hasOffset(w.getLowerBound()) || hasOffset(w.getUpperBound()));
    }

    private static boolean hasOffset(RexWindowBound b) {
        return !b.isUnbounded() && !b.isCurrentRow();
    }

    /** {@code over} rewritten (see the class comment); {@code over} itself if it needs none. */
    RexNode rewrite(RexOver over) {
        RexWindow w = over.getWindow();
        if (!needsRewrite(over) || w.orderKeys.size() != 1) {
            return over;
        }
        RexFieldCollation order = w.orderKeys.get(0);
        RexNode key = order.left;
        Key k = key(key, over);
        if (k == null) {
            return over;
        }
        boolean nullable = key.getType().isNullable();
        RexNode ascending =
                order.getDirection() == RelFieldCollation.Direction.DESCENDING
                        ? rex.makeCall(
                                k.isDouble
                                        ? SqlStdOperatorTable.UNARY_MINUS
                                        : SqlStdOperatorTable.CHECKED_UNARY_MINUS,
                                k.expr)
                        : k.expr;
        List<RexNode> partition = new ArrayList<>(w.partitionKeys);
        if (nullable) {
            RexNode zero =
                    k.isDouble
                            ? rex.makeApproxLiteral(BigDecimal.ZERO)
                            : rex.makeBigintLiteral(BigDecimal.ZERO);
            ascending = rex.makeCall(SqlStdOperatorTable.COALESCE, ascending, zero);
            partition.add(rex.makeCall(SqlStdOperatorTable.IS_NULL, key));
        }
        RexNode ranged =
                over(
                        over,
                        partition,
                        ImmutableList.of(new RexFieldCollation(ascending, Set.of())),
                        bound(w.getLowerBound(), k, over),
                        bound(w.getUpperBound(), k, over));
        if (!nullable) {
            return ranged;
        }
        RexNode peers =
                over(
                        over,
                        partition,
                        ImmutableList.of(),
                        RexWindowBounds.UNBOUNDED_PRECEDING,
                        RexWindowBounds.UNBOUNDED_FOLLOWING);
        return rex.makeCall(
                over.getType(),
                SqlStdOperatorTable.CASE,
                List.of(rex.makeCall(SqlStdOperatorTable.IS_NULL, key), peers, ranged));
    }

    private RexNode over(
            RexOver over,
            List<RexNode> partition,
            ImmutableList<RexFieldCollation> order,
            RexWindowBound lower,
            RexWindowBound upper) {
        RexWindow w = over.getWindow();
        return rex.makeOver(
                over.getType(),
                over.getAggOperator(),
                over.getOperands(),
                partition,
                order,
                lower,
                upper,
                w.getExclude(),
                false,
                true,
                false,
                over.isDistinct(),
                over.ignoreNulls());
    }

    /** The numeric key for {@code key}, or null when Calcite's own handling is kept. */
    private Key key(RexNode key, RexOver over) {
        RelDataType bigint = rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT);
        RelDataType type = key.getType();
        switch (type.getSqlTypeName()) {
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return new Key(rex.makeCast(nullableLike(bigint, type), key), false, 0, null);
            case DECIMAL:
                if (type.getPrecision() > MAX_SCALED_PRECISION) {
                    throw new UnsupportedQueryException(
                            over.getAggOperator().getName()
                                    + " OVER a RANGE"
                                    + " frame with an offset cannot order by "
                                    + type.getFullTypeString()
                                    + ": at most DECIMAL("
                                    + MAX_SCALED_PRECISION
                                    + ", s) (use ROWS, or CAST the"
                                    + " ORDER BY expression to DOUBLE)");
                }
                RexNode scaled =
                        rex.makeCall(
                                SqlStdOperatorTable.MULTIPLY,
                                key,
                                rex.makeExactLiteral(BigDecimal.TEN.pow(type.getScale())));
                return new Key(
                        rex.makeCast(nullableLike(bigint, type), scaled),
                        false,
                        type.getScale(),
                        null);
            case REAL:
            case FLOAT:
            case DOUBLE:
                RelDataType dbl = rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE);
                return new Key(rex.makeCast(nullableLike(dbl, type), key), true, 0, null);
            case DATE:
                return new Key(
                        rex.makeCast(
                                nullableLike(bigint, type), reinterpret(key, SqlTypeName.INTEGER)),
                        false,
                        0,
                        MILLIS_PER_DAY);
            case TIME:
                return new Key(
                        rex.makeCast(
                                nullableLike(bigint, type), reinterpret(key, SqlTypeName.INTEGER)),
                        false,
                        0,
                        1L);
            case TIMESTAMP:
                return new Key(reinterpret(key, SqlTypeName.BIGINT), false, 0, 1L);
            default:
                return null;
        }
    }

    private RexNode reinterpret(RexNode key, SqlTypeName to) {
        RelDataType type = nullableLike(rex.getTypeFactory().createSqlType(to), key.getType());
        return rex.makeReinterpretCast(type, key, rex.makeLiteral(false));
    }

    private RelDataType nullableLike(RelDataType type, RelDataType like) {
        return rex.getTypeFactory().createTypeWithNullability(type, like.isNullable());
    }

    private RexWindowBound bound(RexWindowBound b, Key k, RexOver over) {
        if (!hasOffset(b)) {
            return b;
        }
        RexNode offset = b.getOffset();
        if (!(offset instanceof RexLiteral)) {
            throw new UnsupportedQueryException(
                    over.getAggOperator().getName()
                            + " OVER a RANGE"
                            + " frame: the offset "
                            + offset
                            + " must be a constant");
        }
        RexLiteral literal = (RexLiteral) offset;
        BigDecimal value = literal.getValueAs(BigDecimal.class);
        SqlIntervalQualifier interval = literal.getType().getIntervalQualifier();
        if (interval != null && interval.isYearMonth()) {
            throw new UnsupportedQueryException(
                    "Window RANGE frame offset "
                            + describe(literal)
                            + " is not supported: a month or a year has no fixed length (use a DAY interval or"
                            + " a ROWS frame)");
        }
        if (value == null || (interval == null) != (k.unitMillis == null)) {
            return b; // the validator has already rejected such a frame, or will
        }
        RexNode converted;
        if (k.isDouble) {
            converted = rex.makeApproxLiteral(value);
        } else {
            BigDecimal units =
                    k.unitMillis == null
                            ? value.movePointRight(k.scale)
                            : value.divide(BigDecimal.valueOf(k.unitMillis), 0, RoundingMode.FLOOR);
            converted = rex.makeBigintLiteral(units.setScale(0, RoundingMode.FLOOR));
        }
        return b.isPreceding()
                ? RexWindowBounds.preceding(converted)
                : RexWindowBounds.following(converted);
    }

    /** An interval literal as the user wrote it, e.g. {@code INTERVAL '1' MONTH}. */
    private static String describe(RexLiteral literal) {
        SqlIntervalQualifier q = literal.getType().getIntervalQualifier();
        BigDecimal months = literal.getValueAs(BigDecimal.class);
        if (q == null || months == null) {
            return String.valueOf(literal);
        }
        boolean years = q.getStartUnit() == TimeUnit.YEAR && q.getEndUnit() == null;
        return "INTERVAL '"
                + (years ? months.divide(BigDecimal.valueOf(12)) : months)
                + "' "
                + (years ? "YEAR" : "MONTH");
    }

    /**
     * A numeric sort key: the expression, whether it is DOUBLE (else BIGINT), the scale a DECIMAL
     * offset is multiplied by, and for a datetime key the milliseconds one key unit stands for
     * (null for numbers).
     */
    private record Key(RexNode expr, boolean isDouble, int scale, Long unitMillis) {}
}
