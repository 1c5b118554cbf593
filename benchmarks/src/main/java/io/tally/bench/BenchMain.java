package io.tally.bench;

import io.tally.bench.drain.DrainCommand;
import io.tally.bench.files.FilesCommand;
import io.tally.bench.groupby.GroupByCommand;
import io.tally.bench.h2o.H2oCommand;
import io.tally.bench.jmh.JmhCommand;
import io.tally.bench.spill.SpillCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code tally-bench.jar} ({@code ./tally bench <name>}): dispatches to one
 * benchmark.
 */
@Command(
        name = "tally bench",
        mixinStandardHelpOptions = true,
        description = "Tally's side-by-side benchmarks; see BENCHMARKS.md.",
        subcommands = {
            DrainCommand.class,
            FilesCommand.class,
            GroupByCommand.class,
            H2oCommand.class,
            JmhCommand.class,
            SpillCommand.class
        })
public final class BenchMain implements Runnable {
    @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchMain()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
