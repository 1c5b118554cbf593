package io.tally.schema;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses a CSV header record: each field is a column name, optionally followed by {@code :TYPE}
 * (the text after the last colon) to declare the type instead of inferring it. An empty name
 * becomes {@code column<N>} (1-based); names that differ only in case are an error, since unquoted
 * SQL identifiers are case-insensitive.
 */
final class CsvHeader {
    final List<String> names = new ArrayList<>();

    /** Declared type per column, {@code null} where the type is to be inferred. */
    final List<CsvType> declared = new ArrayList<>();

    private CsvHeader() {}

    /** Parses the header cells (a {@code null} cell is an empty name). */
    static CsvHeader parse(Path file, List<String> cells) {
        CsvHeader header = new CsvHeader();
        Map<String, String> seen = new HashMap<>();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i) == null ? "" : cells.get(i).strip();
            String name = cell;
            CsvType type = null;
            int colon = cell.lastIndexOf(':');
            if (colon >= 0) {
                name = cell.substring(0, colon).strip();
                type = CsvType.parse(cell.substring(colon + 1));
                if (type == null) {
                    throw new DataFileException(
                            file
                                    + ": header column "
                                    + (i + 1)
                                    + " '"
                                    + name
                                    + "' declares unknown type '"
                                    + cell.substring(colon + 1).strip()
                                    + "'; valid types: "
                                    + CsvType.VALID_TYPES);
                }
            }
            if (name.isEmpty()) {
                name = "column" + (i + 1);
            }
            String previous = seen.put(name.toLowerCase(Locale.ROOT), name);
            if (previous != null) {
                throw new DataFileException(
                        file
                                + ": header has duplicate column names '"
                                + previous
                                + "' and '"
                                + name
                                + "' (column "
                                + (i + 1)
                                + "); names are case-insensitive");
            }
            header.names.add(name);
            header.declared.add(type);
        }
        return header;
    }
}
