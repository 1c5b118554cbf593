package io.tally.datasets;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gen h2o}: writes the db-benchmark groupby table {@code G1_<N>_<K>_<nas>_<sort>}. */
@Command(
        name = "h2o",
        mixinStandardHelpOptions = true,
        description = "db-benchmark groupby table G1_<N>_<K>_<nas>_<sort> (id1..id6, v1..v3).")
final class GenH2oCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--rows",
            defaultValue = "1e7",
            converter = GenConverters.Count.class,
            description = "Rows N, e.g. 1e7, 10M, 10000000 (default: ${DEFAULT-VALUE}).")
    long rows;

    @Option(
            names = "--k",
            defaultValue = "100",
            converter = GenConverters.Count.class,
            description =
                    "K: distinct id1/id2/id4/id5 values; id3/id6 have N/K (default: ${DEFAULT-VALUE}).")
    long k;

    @Option(
            names = "--nas",
            defaultValue = "0",
            description = "Percent of NULLs per column, 0..100 (default: ${DEFAULT-VALUE}).")
    int nas;

    @Option(
            names = "--sorted",
            description = "Sort rows by id1..id6 (in memory; at most 2e7 rows).")
    boolean sorted;

    @Option(
            names = "--seed",
            defaultValue = "108",
            description = "PRNG seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin GenOutput output;

    @Override
    public Integer call() throws Exception {
        if (rows < 1) {
            throw error("--rows must be at least 1: " + rows);
        }
        if (k < 1 || k > rows || k > Integer.MAX_VALUE) {
            throw error("--k must be in 1..min(--rows, " + Integer.MAX_VALUE + "): " + k);
        }
        if (nas < 0 || nas > 100) {
            throw error("--nas must be a percentage in 0..100: " + nas);
        }
        if (sorted && rows > H2oGenerator.SORT_MAX_ROWS) {
            throw error(
                    "--sorted sorts in memory and allows at most "
                            + H2oGenerator.SORT_MAX_ROWS
                            + " rows; --rows is "
                            + rows);
        }
        H2oGenerator generator;
        try {
            generator = new H2oGenerator(rows, (int) k, nas, sorted, seed);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
        output.write(generator, spec.commandLine().getOut());
        return 0;
    }

    private ParameterException error(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
