package io.tally.shell.format;

import java.sql.Types;

/**
 * One result column as the writers see it: its label, its SQL type name, and how values render.
 *
 * @param name column label
 * @param typeName SQL type name as the driver reports it (e.g. {@code INTEGER})
 * @param kind how values of the column are written
 */
public record Column(String name, String typeName, Kind kind) {

    /**
     * How a column's values are written: numbers right-aligned and bare in JSON, booleans bare in
     * JSON, arrays as JSON arrays (their cell text is the array in JSON, see {@link ValueText}).
     */
    public enum Kind {
        NUMBER,
        BOOLEAN,
        ARRAY,
        TEXT;

        /** The kind for a {@link java.sql.Types} code. */
        public static Kind of(int sqlType) {
            switch (sqlType) {
                case Types.TINYINT:
                case Types.SMALLINT:
                case Types.INTEGER:
                case Types.BIGINT:
                case Types.REAL:
                case Types.FLOAT:
                case Types.DOUBLE:
                case Types.DECIMAL:
                case Types.NUMERIC:
                    return NUMBER;
                case Types.BOOLEAN:
                case Types.BIT:
                    return BOOLEAN;
                case Types.ARRAY:
                    return ARRAY;
                default:
                    return TEXT;
            }
        }
    }

    /** A text column, for results the shell builds itself. */
    public static Column text(String name) {
        return new Column(name, "VARCHAR", Kind.TEXT);
    }
}
