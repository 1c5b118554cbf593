package io.tally.shell;

import io.tally.shell.format.Column;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Meta commands that read or change the connection: {@code \dt}, {@code \d TABLE}, {@code \set},
 * {@code \show}. Tally (embedded or remote) answers {@code SHOW ALL}; other databases' settings are
 * listed through {@link java.sql.Connection#getClientInfo()}.
 */
final class SessionCommands {
    private static final Pattern SETTING_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern BARE_VALUE =
            Pattern.compile("-?\\d+(\\.\\d+)?|(?i:true|false)|'.*'");

    /** Tables named in an error before the list is cut. */
    private static final int MAX_NAMED_TABLES = 20;

    private final ShellSession session;

    SessionCommands(ShellSession session) {
        this.session = session;
    }

    Outcome listTables() throws Exception {
        Catalog catalog = Catalog.load(session.connection().getMetaData(), false);
        List<String[]> rows = new ArrayList<>();
        for (Catalog.Table t : catalog.tables()) {
            rows.add(new String[] {t.schema(), t.name(), t.type()});
        }
        MetaCommands.print(
                session,
                List.of(Column.text("schema"), Column.text("name"), Column.text("type")),
                rows);
        return Outcome.OK;
    }

    Outcome describe(String name) throws Exception {
        String wanted = MetaCommands.unquote(name);
        Catalog catalog = Catalog.load(session.connection().getMetaData(), false);
        Catalog.Table t = catalog.find(wanted);
        if (t == null) {
            String known =
                    catalog.tables().stream()
                            .limit(MAX_NAMED_TABLES)
                            .map(Catalog.Table::qualifiedName)
                            .collect(Collectors.joining(", "));
            throw new ShellException(
                    "Table '"
                            + wanted
                            + "' not found"
                            + (known.isEmpty()
                                    ? " (the connection has no tables)"
                                    : "; tables: " + known));
        }
        List<String[]> rows = new ArrayList<>();
        for (Catalog.ColumnInfo c : Catalog.readColumns(session.connection().getMetaData(), t)) {
            rows.add(new String[] {c.name(), c.type(), c.nullable()});
        }
        MetaCommands.print(
                session,
                List.of(Column.text("column"), Column.text("type"), Column.text("nullable")),
                rows);
        return Outcome.OK;
    }

    Outcome set(String arg) throws Exception {
        String[] parts = arg.split("\\s+", 2);
        if (parts.length < 2 || parts[0].isEmpty()) {
            throw new ShellException("Usage: \\set KEY VALUE (e.g. \\set memory_limit 512MB)");
        }
        if (!SETTING_NAME.matcher(parts[0]).matches()) {
            throw new ShellException(
                    "Bad setting name '" + parts[0] + "': expected letters, digits, _ or .");
        }
        session.executeSql("SET " + parts[0] + " = " + literal(parts[1].strip()));
        return Outcome.OK;
    }

    Outcome show(String key) throws Exception {
        if ("Tally".equals(session.connection().getMetaData().getDatabaseProductName())) {
            session.executeSql(
                    key.isEmpty() ? "SHOW ALL" : "SHOW \"" + key.replace("\"", "") + "\"");
            return Outcome.OK;
        }
        Properties props;
        try {
            props = session.connection().getClientInfo();
        } catch (SQLFeatureNotSupportedException | UnsupportedOperationException e) {
            props = null;
        }
        if (props == null || props.isEmpty()) {
            throw new ShellException(
                    "This connection ("
                            + Urls.redact(session.url())
                            + ") does not list its settings");
        }
        List<String[]> rows = new ArrayList<>();
        for (String k : new TreeSet<>(props.stringPropertyNames())) {
            if (key.isEmpty() || k.equalsIgnoreCase(key)) {
                rows.add(new String[] {k, props.getProperty(k)});
            }
        }
        if (rows.isEmpty()) {
            throw new ShellException(
                    "Unknown setting '"
                            + key
                            + "'; settings: "
                            + String.join(", ", new TreeSet<>(props.stringPropertyNames())));
        }
        MetaCommands.print(session, List.of(Column.text("setting"), Column.text("value")), rows);
        return Outcome.OK;
    }

    /**
     * A SQL literal for a {@code \set} value: numbers, booleans and quoted strings as typed,
     * anything else quoted.
     */
    static String literal(String value) {
        return BARE_VALUE.matcher(value).matches() ? value : "'" + value.replace("'", "''") + "'";
    }
}
