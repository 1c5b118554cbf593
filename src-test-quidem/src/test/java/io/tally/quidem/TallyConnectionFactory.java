package io.tally.quidem;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;

/**
 * Resolves the connection names scripts {@code !use}: {@code demo} (the built-in schema) and {@code
 * data} (the CSV/Arrow files under {@code src/test/resources/data}), each with the variant's
 * settings appended to the URL.
 */
final class TallyConnectionFactory implements net.hydromatic.quidem.Quidem.ConnectionFactory {
    private final QuidemVariant variant;
    private final Path dataDir;

    TallyConnectionFactory(QuidemVariant variant, Path dataDir) {
        this.variant = variant;
        this.dataDir = dataDir;
    }

    @Override
    public Connection connect(String name, boolean reference) throws Exception {
        String base;
        switch (name) {
            case "demo":
                base = "jdbc:tally:";
                break;
            case "data":
                base = "jdbc:tally:data=" + dataDir;
                break;
            default:
                return null;
        }
        String sep = base.endsWith(":") ? "" : ";";
        String url = variant.urlSettings().isEmpty() ? base : base + sep + variant.urlSettings();
        return DriverManager.getConnection(url);
    }
}
