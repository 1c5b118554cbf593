package io.tally.shell.server;

import io.tally.session.Setting;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The connection properties a remote client of {@code tally serve} may send: Tally's runtime
 * settings, nothing that names a directory or file ({@code data}, {@code spill_dir}, {@code
 * file_access}) and none of Calcite's properties, several of which load classes or models ({@code
 * model}, {@code schemaFactory}, {@code schema.*}, {@code parserFactory}, {@code typeSystem},
 * {@code fun}, …). {@code user} and {@code password} (JDBC tools send them; the server
 * authenticates over HTTP) are dropped.
 */
final class RemoteProperties {
    /** Tally settings a remote client may not choose: the server fixes where files are. */
    private static final Set<Setting> SERVER_ONLY =
            Set.of(Setting.DATA, Setting.SPILL_DIR, Setting.FILE_ACCESS);

    private static final Set<String> DROPPED = Set.of("user", "password");

    private RemoteProperties() {}

    /**
     * The properties to open the backing connection with, or an {@link IllegalArgumentException}
     * naming the first property that is not allowed.
     *
     * @param tally whether the backing URL is Tally's (else no setting is passed on)
     */
    static Map<String, String> checked(Map<String, String> info, boolean tally) {
        Map<String, String> out = new HashMap<>();
        if (info == null) {
            return out;
        }
        for (Map.Entry<String, String> e : new TreeMap<>(info).entrySet()) {
            String key = e.getKey();
            if (DROPPED.contains(key.toLowerCase(Locale.ROOT))) {
                continue;
            }
            Setting setting = Setting.lookup(key);
            if (!tally || setting == null || SERVER_ONLY.contains(setting)) {
                throw new IllegalArgumentException(
                        "Connection property '"
                                + key
                                + "' is not allowed"
                                + " for remote clients of tally serve (allowed: "
                                + allowed(tally)
                                + ")");
            }
            out.put(key, e.getValue());
        }
        return out;
    }

    private static String allowed(boolean tally) {
        Set<String> keys = new TreeSet<>();
        if (tally) {
            for (Setting s : Setting.values()) {
                if (!SERVER_ONLY.contains(s)) {
                    keys.add(s.key());
                }
            }
        }
        return keys.isEmpty() ? "none" : String.join(", ", keys);
    }

    /** What the server adds to every backing Tally connection: SQL reaches only the data dir. */
    static Map<String, String> serverSettings() {
        return Map.of(Setting.FILE_ACCESS.key(), "data");
    }
}
