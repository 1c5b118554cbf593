package io.tally.shell.interactive;

import io.tally.shell.Catalog;
import io.tally.shell.sql.SqlKeywords;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion: meta commands after {@code \}, columns after {@code table.}, otherwise SQL
 * keywords and functions (in the case the user is typing), tables and columns from the connection's
 * metadata ({@link #refresh} after every connect).
 */
public final class SqlCompleter implements Completer {
    private static final String KEYWORDS = "keywords";
    private static final String FUNCTIONS = "functions";
    private static final String TABLES = "tables";
    private static final String COLUMNS = "columns";
    private static final String COMMANDS = "commands";

    private final List<String> metaCommands;
    private volatile Catalog catalog = Catalog.empty();

    public SqlCompleter(List<String> metaCommands) {
        this.metaCommands = List.copyOf(metaCommands);
    }

    /** Re-reads tables and columns; an unreadable catalog leaves only keywords. */
    public void refresh(Connection connection) {
        try {
            catalog = Catalog.load(connection.getMetaData(), true);
        } catch (SQLException | RuntimeException e) {
            catalog = Catalog.empty();
        }
    }

    /** The catalog completion currently uses. */
    public Catalog catalog() {
        return catalog;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        candidates.addAll(candidates(line.line(), line.cursor()));
    }

    /** Candidates for the word that ends at {@code cursor} in {@code buffer}. */
    public List<Candidate> candidates(String buffer, int cursor) {
        int start = cursor;
        while (start > 0 && SqlLineParser.isWordChar(buffer.charAt(start - 1))) {
            start--;
        }
        String prefix = buffer.substring(start, cursor);
        List<Candidate> out = new ArrayList<>();
        if (prefix.startsWith("\\")
                || (prefix.startsWith(".") && buffer.substring(0, start).isBlank())) {
            for (String m : metaCommands) {
                add(out, prefix, m, COMMANDS);
            }
            return out;
        }
        int dot = prefix.lastIndexOf('.');
        if (dot > 0) {
            qualified(out, prefix, prefix.substring(0, dot));
            return out;
        }
        boolean lower = !prefix.isEmpty() && prefix.equals(prefix.toLowerCase(Locale.ROOT));
        for (String k : SqlKeywords.keywords()) {
            add(out, prefix, lower ? k.toLowerCase(Locale.ROOT) : k, KEYWORDS);
        }
        for (String f : SqlKeywords.functions()) {
            add(out, prefix, lower ? f.toLowerCase(Locale.ROOT) : f, FUNCTIONS);
        }
        Set<String> columns = new LinkedHashSet<>();
        for (Catalog.Table t : catalog.tables()) {
            add(out, prefix, t.name(), TABLES);
            catalog.columns(t).forEach(c -> columns.add(c.name()));
        }
        for (String c : columns) {
            add(out, prefix, c, COLUMNS);
        }
        return out;
    }

    /** After {@code qualifier.}: the columns of that table, or the tables of that schema. */
    private void qualified(List<Candidate> out, String prefix, String qualifier) {
        Catalog.Table table = catalog.find(qualifier);
        if (table != null) {
            for (Catalog.ColumnInfo c : catalog.columns(table)) {
                add(out, prefix, qualifier + "." + c.name(), COLUMNS);
            }
        }
        for (Catalog.Table t : catalog.tables()) {
            if (t.schema() != null && t.schema().equalsIgnoreCase(qualifier)) {
                add(out, prefix, qualifier + "." + t.name(), TABLES);
            }
        }
    }

    private static void add(List<Candidate> out, String prefix, String value, String group) {
        if (value.regionMatches(true, 0, prefix, 0, prefix.length())) {
            out.add(new Candidate(value, value, group, null, null, null, true));
        }
    }
}
