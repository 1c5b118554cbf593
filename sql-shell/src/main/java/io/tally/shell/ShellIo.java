package io.tally.shell;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The process streams the shell talks to, and how it gets a terminal when interactive; tests pass
 * their own streams and a dumb terminal.
 *
 * @param in standard input
 * @param out standard output
 * @param err standard error
 * @param stdinIsTerminal whether standard input (and output) is a terminal, so a bare {@code tally}
 *     is interactive
 * @param terminals opens the interactive terminal
 */
public record ShellIo(
        InputStream in,
        PrintStream out,
        PrintStream err,
        boolean stdinIsTerminal,
        TerminalFactory terminals) {

    /** Opens a terminal. */
    public interface TerminalFactory {
        Terminal open() throws IOException;
    }

    /** The real process streams and the system terminal. */
    public static ShellIo system() {
        return new ShellIo(
                System.in,
                System.out,
                System.err,
                System.console() != null,
                () -> TerminalBuilder.builder().name("tally").system(true).build());
    }
}
