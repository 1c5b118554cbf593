package io.tally.jdbc;

import io.tally.memory.ByteSize;
import io.tally.parser.SqlShow;
import io.tally.schema.TableCache;
import io.tally.session.PlanCache;
import io.tally.session.Setting;
import io.tally.session.TallySession;
import io.tally.session.TallySettings;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns {@code SHOW ALL}, {@code SHOW name}, {@code SHOW TABLES} and {@code SHOW plan_cache} (the
 * connection's {@link PlanCache} counters) into a query over a {@code VALUES} list, so they return
 * rows like any other statement.
 */
final class ShowStatements {
    /** The subject of {@code SHOW plan_cache}: not a setting, so it never shadows one. */
    static final String PLAN_CACHE = "plan_cache";

    private ShowStatements() {}

    /**
     * The query that answers {@code show}.
     *
     * @throws SQLException for an unknown setting, naming the valid ones
     */
    static String sql(SqlShow show, TallySession session, List<String> tables) throws SQLException {
        TallySettings settings = session.settings();
        switch (show.subject()) {
            case TABLES:
                return values(
                        tables.stream().map(t -> List.of(t)).collect(Collectors.toList()), "name");
            case ALL_SETTINGS:
                List<List<String>> rows = new ArrayList<>();
                for (Setting s : Setting.values()) {
                    rows.add(List.of(s.key(), display(s, settings), s.description()));
                }
                return values(rows, "name", "value", "description");
            default:
                String key = String.join(".", show.name().names);
                if (key.equalsIgnoreCase(PLAN_CACHE)) {
                    return planCache(session.planCache().stats());
                }
                Setting s = Setting.lookup(key);
                if (s == null) {
                    throw new SQLException(
                            "Unknown setting '"
                                    + key
                                    + "' (valid settings: "
                                    + Setting.validKeys()
                                    + ")");
                }
                return values(List.of(List.of(s.key(), display(s, settings))), "name", "value");
        }
    }

    /** One row of the plan cache's counters since the connection opened, as BIGINTs. */
    private static String planCache(PlanCache.Stats stats) {
        long[] counts = {
            stats.entries(),
            PlanCache.MAX_ENTRIES,
            stats.hits(),
            stats.misses(),
            stats.invalidations()
        };
        return "SELECT * FROM (VALUES ("
                + Arrays.stream(counts)
                        .mapToObj(n -> "CAST(" + n + " AS BIGINT)")
                        .collect(Collectors.joining(", "))
                + ")) AS t(entries, max_entries, hits, misses, invalidations)";
    }

    /**
     * A setting's value as a person reads it: byte sizes in binary units; {@code cache=true} with
     * the files and bytes the engine's table cache holds.
     */
    private static String display(Setting s, TallySettings settings) {
        if (s == Setting.MEMORY_LIMIT) {
            return ByteSize.format(settings.memoryLimit());
        }
        if (s == Setting.CACHE && settings.cache()) {
            TableCache cache = TableCache.engine();
            return settings.get(s)
                    + " (cached: "
                    + cache.files()
                    + (cache.files() == 1 ? " file, " : " files, ")
                    + ByteSize.format(cache.bytes())
                    + ")";
        }
        return settings.get(s);
    }

    /**
     * A query returning {@code rows} (strings, NULL allowed) under {@code columns}, all VARCHAR.
     */
    static String values(List<List<String>> rows, String... columns) {
        String names =
                List.of(columns).stream().map(c -> '"' + c + '"').collect(Collectors.joining(", "));
        if (rows.isEmpty()) {
            String nulls =
                    List.of(columns).stream()
                            .map(c -> "CAST(NULL AS VARCHAR)")
                            .collect(Collectors.joining(", "));
            return "SELECT * FROM (VALUES (" + nulls + ")) AS t(" + names + ") WHERE FALSE";
        }
        String body =
                rows.stream()
                        .map(
                                r ->
                                        r.stream()
                                                .map(ShowStatements::literal)
                                                .collect(Collectors.joining(", ", "(", ")")))
                        .collect(Collectors.joining(", "));
        String casts =
                List.of(columns).stream()
                        .map(c -> "CAST(\"" + c + "\" AS VARCHAR) AS \"" + c + "\"")
                        .collect(Collectors.joining(", "));
        return "SELECT " + casts + " FROM (VALUES " + body + ") AS t(" + names + ")";
    }

    /** A SQL string literal (NULL for null). */
    static String literal(String v) {
        return v == null ? "CAST(NULL AS VARCHAR)" : "'" + v.replace("'", "''") + "'";
    }
}
