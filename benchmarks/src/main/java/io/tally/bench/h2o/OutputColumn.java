package io.tally.bench.h2o;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One column of an h2o query's answer and the checksum terms that stand for it in the checksum
 * query ({@link ChecksumQuery}). Every term is portable SQL that Tally, DuckDB and H2 compute the
 * same way.
 */
record OutputColumn(String name, Kind kind) {
    /** How a column is checksummed. */
    enum Kind {
        /**
         * An h2o id string ({@code id} and digits, e.g. {@code id001}, {@code id0000012345}):
         * {@code SUM(CHAR_LENGTH(c))} and {@code SUM(CAST(SUBSTRING(c, 3) AS BIGINT))}, the sum of
         * the numbers after the prefix, so a key swapped for another of equal length still changes
         * it.
         */
        ID,
        /** An integer: {@code SUM(c)}, compared exactly. */
        INTEGER,
        /**
         * A floating-point value never NULL: {@code SUM(c)}, compared with a relative tolerance.
         */
        DOUBLE,
        /** A floating-point value that may be NULL: {@code SUM(c)} and {@code COUNT(c)}. */
        NULLABLE_DOUBLE
    }

    /** Parses {@code "id1 id, v1 integer"}: comma-separated name-kind pairs. */
    static List<OutputColumn> parse(String spec) {
        List<OutputColumn> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            String[] nameKind = part.trim().split("\\s+");
            out.add(
                    new OutputColumn(
                            nameKind[0], Kind.valueOf(nameKind[1].toUpperCase(Locale.ROOT))));
        }
        return out;
    }

    /** The aggregate expressions of this column's checksum terms, each with its alias. */
    List<String> terms() {
        return switch (kind) {
            case ID ->
                    List.of(
                            "SUM(CHAR_LENGTH(" + name + ")) AS " + name + "_len",
                            "SUM(CAST(SUBSTRING(" + name + ", 3) AS BIGINT)) AS " + name + "_num");
            case INTEGER, DOUBLE -> List.of("SUM(" + name + ") AS " + name + "_sum");
            case NULLABLE_DOUBLE ->
                    List.of(
                            "SUM(" + name + ") AS " + name + "_sum",
                            "COUNT(" + name + ") AS " + name + "_count");
        };
    }
}
