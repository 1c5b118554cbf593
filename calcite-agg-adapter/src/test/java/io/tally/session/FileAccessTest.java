package io.tally.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.catalog.TallySchema;
import io.tally.schema.SqlFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A restricted {@link FileAccess} admits files under its roots only, links included. */
class FileAccessTest {
    @TempDir Path allowed;
    @TempDir Path other;

    @Test
    void withinAdmitsOnlyPathsUnderItsRoots() throws Exception {
        FileAccess access = FileAccess.within(List.of(allowed));
        Path inside = Files.writeString(allowed.resolve("a.csv"), "x\n1\n");
        Path outside = Files.writeString(other.resolve("b.csv"), "x\n2\n");
        assertEquals(inside, access.checkRead(inside));
        FileAccessException e =
                assertThrows(FileAccessException.class, () -> access.checkRead(outside));
        assertTrue(
                e.getMessage().contains(outside.toString())
                        && e.getMessage().contains(allowed.toRealPath().toString()),
                e.getMessage());
        assertThrows(
                FileAccessException.class,
                () -> access.checkRead(allowed.resolve("../" + other.getFileName() + "/b.csv")));
        Path link = Files.createSymbolicLink(allowed.resolve("link.csv"), outside);
        assertThrows(FileAccessException.class, () -> access.checkRead(link));
        assertThrows(FileAccessException.class, () -> access.checkWrite(outside));
    }

    @Test
    void schemaChecksEveryFileAGlobMatches() throws Exception {
        Files.writeString(allowed.resolve("a.csv"), "x\n1\n");
        Path outside = Files.writeString(other.resolve("b.csv"), "x\n2\n");
        try (Connection c = DriverManager.getConnection("jdbc:calcite:lex=JAVA")) {
            CalciteConnection calcite = c.unwrap(CalciteConnection.class);
            calcite.getRootSchema()
                    .add(
                            "s",
                            TallySchema.forDirectory(
                                    allowed, FileAccess.within(List.of(allowed))::checkRead))
                    .setCacheEnabled(false);
            calcite.setSchema("s");
            assertEquals(
                    List.of(List.of("1")),
                    SqlFixture.strings(
                            c, "SELECT SUM(x) FROM TABLE(read_csv('" + allowed + "/*.csv'))"));
            SQLException e =
                    assertThrows(
                            SQLException.class,
                            () ->
                                    SqlFixture.strings(
                                            c,
                                            "SELECT SUM(x) FROM TABLE(read_file('"
                                                    + outside
                                                    + "'))"));
            assertTrue(SqlFixture.messages(e).contains("Access denied"), SqlFixture.messages(e));
        }
    }
}
