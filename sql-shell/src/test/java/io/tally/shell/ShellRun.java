package io.tally.shell;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs the {@code tally} command in-process on given stdin and captures exit code, stdout and
 * stderr.
 */
final class ShellRun {
    final int exit;
    final String out;
    final String err;

    private ShellRun(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    /** A result captured elsewhere (e.g. by an interactive run). */
    static ShellRun of(int exit, String out, String err) {
        return new ShellRun(exit, out, err);
    }

    /** Runs with piped (non-terminal) stdin. */
    static ShellRun run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ShellIo io =
                new ShellIo(
                        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        false,
                        () -> {
                            throw new AssertionError("no terminal in batch tests");
                        });
        int exit = TallyCommand.run(args, io);
        return new ShellRun(
                exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "exit=" + exit + "\n--- out:\n" + out + "--- err:\n" + err;
    }
}
