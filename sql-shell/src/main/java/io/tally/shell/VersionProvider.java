package io.tally.shell;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * Supplies {@code tally --version}: Tally, Calcite, Avatica and Java versions, from a build-time
 * resource.
 */
public final class VersionProvider implements CommandLine.IVersionProvider {
    private static final String RESOURCE = "version.properties";

    /** Tally's version, or {@code unknown} when the build resource is missing. */
    public static String tallyVersion() {
        return properties().getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        Properties p = properties();
        return new String[] {
            "tally " + p.getProperty("version", "unknown"),
            "Calcite "
                    + p.getProperty("calcite", "unknown")
                    + ", Avatica "
                    + p.getProperty("avatica", "unknown")
                    + ", Java "
                    + System.getProperty("java.version")
        };
    }

    private static Properties properties() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // fall through to "unknown"
        }
        return p;
    }
}
