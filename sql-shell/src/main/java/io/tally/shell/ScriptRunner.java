package io.tally.shell;

import io.tally.shell.sql.SqlScript;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs commands — SQL statements and meta commands — from script text, a file or a stream, in
 * order, stopping at the first error (reported with {@code file:line} when reading a file). Streams
 * are read line by line and each statement runs as soon as its {@code ;} arrives.
 */
public final class ScriptRunner {
    /** How deep {@code \i} may nest (guards against a file including itself). */
    static final int MAX_INCLUDE_DEPTH = 16;

    private final ShellSession session;
    private final ErrorReporter errors;
    private final MetaCommands meta;
    private int depth;

    public ScriptRunner(ShellSession session, ErrorReporter errors) {
        this.session = session;
        this.errors = errors;
        this.meta = new MetaCommands(session, this);
    }

    public MetaCommands meta() {
        return meta;
    }

    public ShellSession session() {
        return session;
    }

    /**
     * Runs all commands in {@code text}; {@code source} names it in error messages (null for none).
     */
    public Outcome runText(String text, String source) {
        return runCommands(SqlScript.commands(text), source, 0);
    }

    /** Runs a file (for {@code -f} and {@code \i}). */
    public Outcome runFile(Path file) throws IOException, ShellException {
        if (depth >= MAX_INCLUDE_DEPTH) {
            throw new ShellException(
                    "Scripts nested deeper than "
                            + MAX_INCLUDE_DEPTH
                            + " (does "
                            + file
                            + " include itself?)");
        }
        depth++;
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return run(r, file.toString());
        } catch (NoSuchFileException e) {
            throw new ShellException("No such file: " + file);
        } finally {
            depth--;
        }
    }

    /** Runs commands from a stream as they complete. */
    public Outcome run(Reader reader, String source) throws IOException {
        BufferedReader in =
                reader instanceof BufferedReader
                        ? (BufferedReader) reader
                        : new BufferedReader(reader);
        StringBuilder buffer = new StringBuilder();
        int lineOffset = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            buffer.append(line).append('\n');
            SqlScript.Split split = SqlScript.split(buffer.toString(), false);
            if (split.commands().isEmpty()) {
                continue;
            }
            Outcome o = runCommands(split.commands(), source, lineOffset);
            if (o != Outcome.OK) {
                return o;
            }
            lineOffset += countLines(buffer, split.remainderStart());
            buffer.delete(0, split.remainderStart());
        }
        return runCommands(SqlScript.split(buffer.toString(), true).commands(), source, lineOffset);
    }

    /** Runs commands in order, stopping at the first that fails or quits. */
    public Outcome runCommands(List<SqlScript.Command> commands, String source, int lineOffset) {
        for (SqlScript.Command c : commands) {
            Outcome o =
                    runCommand(c, source == null ? null : source + ":" + (lineOffset + c.line()));
            if (o != Outcome.OK) {
                return o;
            }
        }
        return Outcome.OK;
    }

    private Outcome runCommand(SqlScript.Command c, String location) {
        try {
            if (c.kind() == SqlScript.Command.Kind.META) {
                return meta.run(c.text());
            }
            session.executeSql(c.text());
            return Outcome.OK;
        } catch (Exception | Error e) { // one line per failure, and the shell goes on
            if (c.kind() == SqlScript.Command.Kind.SQL && session.wasCancelled()) {
                errors.cancelled();
            } else {
                errors.report(
                        e, c.kind() == SqlScript.Command.Kind.SQL ? c.text() : null, location);
            }
            return Outcome.ERROR;
        }
    }

    private static int countLines(CharSequence s, int end) {
        int n = 0;
        for (int i = 0; i < end; i++) {
            if (s.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }
}
