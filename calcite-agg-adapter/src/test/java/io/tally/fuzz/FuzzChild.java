package io.tally.fuzz;

import io.tally.memory.EngineMemory;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;

/**
 * The forked side of {@link CorruptFileFuzzTest}: runs the cases of a manifest from a given index,
 * each on a fresh connection over its own data directory, and appends one line per event to a
 * result file, flushed at once so that the parent knows which case a crash interrupted.
 *
 * <p>Result lines: {@code START id}, then {@code DONE id OK <answer hash> <leaked bytes>}, {@code
 * DONE id ERR <leaked bytes> <SQLState> <message>} or {@code DONE id THROWN <leaked bytes> <class>:
 * <message>} (a failure that is not an {@link SQLException}). Messages have their line breaks
 * escaped as {@code \n}.
 */
public final class FuzzChild {
    private FuzzChild() {}

    /** {@code args}: manifest file, result file, first case index, most cases to run. */
    public static void main(String[] args) throws Exception {
        List<String> manifest = Files.readAllLines(Path.of(args[0]));
        int from = Integer.parseInt(args[2]);
        int count = Integer.parseInt(args[3]);
        try (PrintWriter out =
                new PrintWriter(
                        Files.newBufferedWriter(
                                Path.of(args[1]),
                                StandardCharsets.UTF_8,
                                StandardOpenOption.CREATE,
                                StandardOpenOption.APPEND))) {
            for (int i = from; i < Math.min(manifest.size(), from + count); i++) {
                String[] c = manifest.get(i).split("\t");
                out.println("START " + c[0]);
                out.flush();
                out.println(
                        "DONE " + c[0] + " " + run(Path.of(c[1]), c[2], Integer.parseInt(c[3])));
                out.flush();
            }
        }
        System.exit(0);
    }

    private static String run(Path dir, String fileName, int threads) {
        long before = EngineMemory.root().getAllocatedMemory();
        try {
            String hash = answer(dir, fileName, threads);
            return "OK " + hash + " " + leaked(before);
        } catch (SQLException e) {
            return "ERR " + leaked(before) + " " + e.getSQLState() + " " + oneLine(e.getMessage());
        } catch (Throwable t) {
            return "THROWN "
                    + leaked(before)
                    + " "
                    + t.getClass().getName()
                    + ": "
                    + oneLine(t.getMessage());
        }
    }

    /** Bytes allocated now beyond {@code before} (the case's connection is closed by now). */
    private static long leaked(long before) {
        return EngineMemory.root().getAllocatedMemory() - before;
    }

    /** The SHA-256 of every query's rows, as text. */
    private static String answer(Path dir, String fileName, int threads) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        try (Connection c =
                DriverManager.getConnection("jdbc:tally:data=" + dir + ";threads=" + threads)) {
            for (String sql : FuzzSeeds.queries(fileName)) {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery(sql)) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        StringBuilder row = new StringBuilder();
                        for (int i = 1; i <= n; i++) {
                            row.append(rs.getString(i)).append('|');
                        }
                        digest.update(row.append('\n').toString().getBytes(StandardCharsets.UTF_8));
                    }
                }
                digest.update((byte) 0);
            }
        }
        return HexFormat.of().formatHex(digest.digest(), 0, 12);
    }

    private static String oneLine(String message) {
        return String.valueOf(message).replace("\r", "").replace("\n", "\\n");
    }
}
