package io.tally.datasets;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code gen} command: writes the deterministic datasets ({@code h2o}, {@code drain}, {@code
 * lineitem} subcommands) into a data directory; one line per file written.
 */
@Command(
        name = "gen",
        mixinStandardHelpOptions = true,
        description = "Generate deterministic datasets as CSV and/or Arrow IPC files.",
        subcommands = {GenH2oCommand.class, GenDrainCommand.class, GenLineitemCommand.class})
public final class GenCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    /** Runs only when no subcommand was given: that is a usage error. */
    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(), "Missing subcommand: one of h2o, drain, lineitem");
    }
}
