package io.tally.parser;

import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;

/**
 * What the parser makes of a string literal in FROM ({@code FROM 'data/orders.csv'}): a call of the
 * table function {@value #FUNCTION}, named after the file's stem.
 */
public final class FileTableRefs {
    /** The table function a path in FROM is read with: it picks the reader from the extension. */
    public static final String FUNCTION = "read_file";

    private FileTableRefs() {}

    /**
     * The default alias of a path: its last name without directories and extensions ({@code
     * 'data/orders.csv.gz'} → {@code orders}); {@code file} for a name left empty.
     */
    public static String alias(SqlNode path) {
        String text = path instanceof SqlLiteral literal ? literal.getValueAs(String.class) : "";
        String name = text.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        int dot = name.indexOf('.');
        if (dot >= 0) {
            name = name.substring(0, dot);
        }
        if (name.isEmpty() || name.chars().anyMatch(c -> c == '*' || c == '?' || c == '[')) {
            return "file";
        }
        return name;
    }
}
