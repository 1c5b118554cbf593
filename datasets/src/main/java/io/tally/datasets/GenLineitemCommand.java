package io.tally.datasets;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gen lineitem}: writes TPC-H {@code lineitem} at a scale factor. */
@Command(
        name = "lineitem",
        mixinStandardHelpOptions = true,
        description = "TPC-H lineitem at a scale factor (sf 1 = about 6M rows).")
final class GenLineitemCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--sf",
            defaultValue = "1",
            description = "Scale factor, > 0 (default: ${DEFAULT-VALUE}).")
    double scaleFactor;

    @Option(
            names = "--limit",
            converter = GenConverters.Count.class,
            description = "Write only the first N rows (a sample).")
    Long limit;

    @Mixin GenOutput output;

    @Override
    public Integer call() throws Exception {
        if (!(scaleFactor > 0) || Double.isInfinite(scaleFactor)) {
            throw new ParameterException(
                    spec.commandLine(), "--sf must be a positive number: " + scaleFactor);
        }
        LineitemGenerator generator = new LineitemGenerator(scaleFactor);
        if (limit != null) {
            generator = generator.limitRows(limit);
        }
        output.write(generator, spec.commandLine().getOut());
        return 0;
    }
}
