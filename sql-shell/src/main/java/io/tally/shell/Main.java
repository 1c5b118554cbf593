package io.tally.shell;

/**
 * Entry point of {@code tally.jar}: runs the {@code tally} command on the process streams and exits
 * with its code.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.exit(TallyCommand.run(args, ShellIo.system()));
    }
}
