package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Empty, truncated and corrupt CSV and Arrow files read by path give one-line errors. */
class FileErrorsTest {
    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    @Test
    void csv() throws Exception {
        assertError(Files.write(dir.resolve("empty.csv"), new byte[0]), "CSV file is empty");
        assertError(Files.writeString(dir.resolve("blank.csv"), "\n\n \n"), "CSV file is empty");
        assertError(
                Files.writeString(dir.resolve("cut.csv"), "a,b\n1,\"x, y\"\n2,\"open\n"),
                "cut.csv:");
        assertError(
                Files.writeString(dir.resolve("cut2.csv"), "a,b\n1,\"x, \"\"y\"\"\"\n2,\"op"),
                "quoted field is not closed before the end of the file");
        Path bad = Files.writeString(dir.resolve("bad.csv"), "a,b\n1,\"x\"y\n");
        assertError(
                bad,
                "read_csv('" + bad + "', quote = '\"')",
                "bad.csv:2: malformed CSV",
                "unexpected character 'y' after a closing quote");
        StringBuilder late = new StringBuilder("k,v\n");
        for (int i = 0; i < CsvSniffer.SAMPLE_ROWS + 10; i++) {
            late.append(i).append(",1\n");
        }
        late.append("7,oops\n");
        assertError(
                Files.writeString(dir.resolve("late.csv"), late),
                "late.csv:"
                        + (CsvSniffer.SAMPLE_ROWS + 12)
                        + ": column 2 'v': value 'oops' is not a"
                        + " valid BIGINT");
    }

    @Test
    void arrow() throws Exception {
        assertError(Files.write(dir.resolve("empty.arrow"), new byte[0]), "Arrow IPC file");
        Path good = dir.resolve("good.arrow");
        ArrowFiles.write(good, 100, 50);
        byte[] bytes = Files.readAllBytes(good);
        assertError(
                Files.write(dir.resolve("cut.arrow"), Arrays.copyOf(bytes, bytes.length / 2)),
                "Arrow IPC file");
        assertError(
                Files.write(
                        dir.resolve("text.arrow"),
                        "not arrow at all".getBytes(StandardCharsets.UTF_8)),
                "Arrow IPC file");
    }

    private static void assertError(Path file, String expected) {
        assertError(file, "'" + file + "'", expected);
    }

    private static void assertError(Path file, String from, String... expected) {
        Exception e =
                assertThrows(
                        Exception.class,
                        () -> {
                            try (Connection c = DriverManager.getConnection("jdbc:tally:")) {
                                SqlFixture.strings(c, "SELECT * FROM " + from);
                            }
                        });
        Throwable t = e;
        while (t.getCause() != null && !(t instanceof DataFileException)) {
            t = t.getCause();
        }
        String message = t.getMessage();
        assertTrue(message.contains(file.toString()), message);
        for (String part : expected) {
            assertTrue(message.contains(part), message);
        }
        assertFalse(message.contains("\n"), message);
    }
}
