package io.tally.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.ConnectStringParser;
import org.apache.calcite.avatica.remote.Driver;

/**
 * A {@code jdbc:tally://host[:port][;key=value...]} URL: a {@code tally serve} server, reached
 * through Avatica's remote driver over HTTP with protobuf. {@code user} and {@code password} (in
 * the URL or the connection properties) log in with HTTP BASIC; other keys go to Avatica ({@code
 * truststore}, ...) or, unknown to it, to the server's connection.
 */
final class RemoteUrl {
    static final String PREFIX = "jdbc:tally://";

    /** The port {@code tally serve} listens on unless told otherwise. */
    static final int DEFAULT_PORT = 8765;

    private static final Pattern HOST_PORT =
            Pattern.compile("([^:/;]+|\\[[^\\]]+\\])(?::(\\d+))?/?");

    private final String httpUrl;
    private final Properties properties;

    private RemoteUrl(String httpUrl, Properties properties) {
        this.httpUrl = httpUrl;
        this.properties = properties;
    }

    static boolean matches(String url) {
        return url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** Parses {@code url}; {@code info} adds properties (the URL's win). */
    static RemoteUrl parse(String url, Properties info) throws SQLException {
        String rest = url.substring(PREFIX.length());
        int semicolon = rest.indexOf(';');
        String address = semicolon < 0 ? rest : rest.substring(0, semicolon);
        Matcher m = HOST_PORT.matcher(address);
        if (!m.matches()) {
            throw new SQLException(
                    "Bad Tally server URL '"
                            + url
                            + "': expected "
                            + PREFIX
                            + "host[:port][;key=value...]",
                    SqlErrors.UNABLE_TO_CONNECT);
        }
        int port = m.group(2) == null ? DEFAULT_PORT : Integer.parseInt(m.group(2));
        Properties p =
                ConnectStringParser.parse(
                        semicolon < 0 ? "" : rest.substring(semicolon + 1),
                        info == null ? new Properties() : info);
        String user = p.getProperty("user");
        String password = p.getProperty("password");
        p.remove("user");
        p.remove("password");
        if (user != null) {
            p.setProperty("authentication", "BASIC");
            p.setProperty("avatica_user", user);
            p.setProperty("avatica_password", password == null ? "" : password);
        }
        p.putIfAbsent("serialization", "protobuf");
        return new RemoteUrl("http://" + m.group(1) + ":" + port, p);
    }

    /** Connects through Avatica's remote driver (named directly: no DriverManager lookup). */
    Connection connect() throws SQLException {
        Properties p = new Properties();
        p.putAll(properties);
        p.setProperty("url", httpUrl);
        Connection c = new Driver().connect("jdbc:avatica:remote:", p);
        if (c == null) {
            throw new SQLException(
                    "Avatica's remote driver refused " + httpUrl, SqlErrors.UNABLE_TO_CONNECT);
        }
        return c;
    }

    @Override
    public String toString() {
        return httpUrl + " " + properties.keySet().toString().toLowerCase(Locale.ROOT);
    }
}
