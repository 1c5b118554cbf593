package io.tally.datasets;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gen drain}: writes a drain-benchmark table {@code drain_<key>_<groups>[_shuffled]}. */
@Command(
        name = "drain",
        mixinStandardHelpOptions = true,
        description = "Drain-benchmark table: one row per group, key k and v = i %% 1024.")
final class GenDrainCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--groups",
            defaultValue = "1e6",
            converter = GenConverters.Count.class,
            description = "Number of groups (= rows), e.g. 1e6, 10M (default: ${DEFAULT-VALUE}).")
    long groups;

    @Option(
            names = "--key",
            defaultValue = "int64",
            converter = GenConverters.Key.class,
            paramLabel = "int64|utf8|dict|liststr",
            description = "Key column type (default: ${DEFAULT-VALUE}).")
    DrainGenerator.KeyKind key;

    @Option(
            names = "--shuffle",
            description = "Seeded pseudo-random row order instead of ascending keys.")
    boolean shuffle;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Shuffle seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin GenOutput output;

    @Override
    public Integer call() throws Exception {
        DrainGenerator generator;
        try {
            generator = new DrainGenerator(groups, key, shuffle, seed);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--groups: " + e.getMessage());
        }
        output.write(generator, spec.commandLine().getOut());
        return 0;
    }
}
