package io.tally.shell;

import io.tally.jdbc.DriverPreload;

/**
 * Entry point of {@code tally.jar}: runs the {@code tally} command on the process streams and exits
 * with its code.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // the driver's classes initialise on another core while picocli reads the command line
        DriverPreload.start();
        System.exit(TallyCommand.run(args, ShellIo.system()));
    }
}
