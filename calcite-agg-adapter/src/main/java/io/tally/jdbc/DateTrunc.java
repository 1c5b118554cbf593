package io.tally.jdbc;

import static io.tally.jdbc.TallyResource.RESOURCE;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * PostgreSQL's and DuckDB's {@code date_trunc('unit', value)}: the start of the unit that holds a
 * date or timestamp, of the value's type. Calcite's parser reads the call as BigQuery's {@code
 * DATE_TRUNC(value, UNIT)} with its arguments the other way round; the validator rewrites it here
 * into {@code FLOOR(value TO unit)}, which Calcite runs. Weeks start on Monday (ISO weeks), as in
 * PostgreSQL and DuckDB.
 */
final class DateTrunc {
    /** The units, as PostgreSQL names them (singular or plural), and what they floor to. */
    private static final Map<String, String> UNITS = new LinkedHashMap<>();

    static {
        UNITS.put("microsecond", TimeUnit.MICROSECOND.name());
        UNITS.put("millisecond", TimeUnit.MILLISECOND.name());
        UNITS.put("second", TimeUnit.SECOND.name());
        UNITS.put("minute", TimeUnit.MINUTE.name());
        UNITS.put("hour", TimeUnit.HOUR.name());
        UNITS.put("day", TimeUnit.DAY.name());
        UNITS.put("week", "ISOWEEK");
        UNITS.put("month", TimeUnit.MONTH.name());
        UNITS.put("quarter", TimeUnit.QUARTER.name());
        UNITS.put("year", TimeUnit.YEAR.name());
        UNITS.put("decade", TimeUnit.DECADE.name());
        UNITS.put("century", TimeUnit.CENTURY.name());
        UNITS.put("millennium", TimeUnit.MILLENNIUM.name());
    }

    private DateTrunc() {}

    /** {@code node} with a PostgreSQL-style {@code date_trunc} call rewritten, else as it is. */
    static @Nullable SqlNode rewrite(@Nullable SqlNode node) {
        if (!(node instanceof SqlCall)
                || ((SqlCall) node).getOperator() != SqlLibraryOperators.DATE_TRUNC) {
            return node;
        }
        SqlCall call = (SqlCall) node;
        SqlNode unit = call.operand(0);
        SqlNode value = call.operand(1);
        if (value instanceof SqlIntervalQualifier) {
            return node; // BigQuery's DATE_TRUNC(value, UNIT): Calcite's own
        }
        if (!(unit instanceof SqlCharStringLiteral)) {
            throw SqlUtil.newContextException(
                    unit.getParserPosition(), RESOURCE.dateTruncUnitNotLiteral());
        }
        String name =
                ((SqlCharStringLiteral) unit)
                        .getValueAs(String.class)
                        .trim()
                        .toLowerCase(Locale.ROOT);
        String frame = UNITS.get(name.endsWith("s") ? name.substring(0, name.length() - 1) : name);
        if (frame == null) {
            frame = UNITS.get(name);
        }
        if (frame == null) {
            throw SqlUtil.newContextException(
                    unit.getParserPosition(),
                    RESOURCE.dateTruncUnknownUnit(name, String.join(", ", UNITS.keySet())));
        }
        SqlParserPos pos = call.getParserPosition();
        return SqlStdOperatorTable.FLOOR.createCall(
                pos, value, qualifier(frame, unit.getParserPosition()));
    }

    private static SqlIntervalQualifier qualifier(String frame, SqlParserPos pos) {
        for (TimeUnit u : TimeUnit.values()) {
            if (u.name().equals(frame)) {
                return new SqlIntervalQualifier(u, null, pos);
            }
        }
        return new SqlIntervalQualifier(frame, pos);
    }
}
