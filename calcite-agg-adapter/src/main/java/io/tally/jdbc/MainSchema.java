package io.tally.jdbc;

import io.tally.catalog.TallySchema;
import io.tally.datasets.DemoData;
import io.tally.session.TallySession;
import io.tally.session.TallySettings;
import java.nio.file.Path;
import java.sql.SQLException;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;

/**
 * Builds a connection's default schema {@value #NAME}: the tables of the {@code data} directory, or
 * the built-in demo tables; Tally's table functions are in it either way.
 */
final class MainSchema {
    static final String NAME = "main";

    private MainSchema() {}

    /**
     * Adds the schema to {@code connection}; files read by path go through the session's file
     * access policy as it is when each statement is prepared.
     */
    static void attach(CalciteConnection connection, TallySession session) throws SQLException {
        TallySettings settings = session.settings();
        Path dir = settings.data() != null ? settings.data() : demoDirectory();
        SchemaPlus schema;
        try {
            schema =
                    connection
                            .getRootSchema()
                            .add(
                                    NAME,
                                    TallySchema.forDirectory(
                                            dir, path -> session.fileAccess().checkRead(path)));
        } catch (RuntimeException e) {
            throw new SQLException("Cannot open data directory " + dir + ": " + e.getMessage(), e);
        }
        schema.setCacheEnabled(false); // re-list the directory, so new files show up as tables
        // TallySchema lists its functions itself; adding them again would make MEDIAN ambiguous
        connection.setSchema(NAME);
    }

    /** Where the demo tables live: written once per machine under {@code java.io.tmpdir}. */
    static Path demoDirectory() throws SQLException {
        try {
            return DemoData.ensure(Path.of(System.getProperty("java.io.tmpdir")));
        } catch (RuntimeException e) {
            throw new SQLException("Cannot prepare the demo tables: " + e.getMessage(), e);
        }
    }
}
