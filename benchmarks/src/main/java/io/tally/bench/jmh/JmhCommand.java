package io.tally.bench.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.openjdk.jmh.Main;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code tally bench jmh [-- JMH options]}: runs the JMH microbenchmarks in this jar (by default
 * all of them: {@link HashTableBench}), passing everything after {@code --} to JMH's own command
 * line, e.g. {@code -- HashTableBench.probe -p groups=1000000 -f 1}.
 */
@Command(
        name = "jmh",
        mixinStandardHelpOptions = true,
        description =
                "JMH microbenchmarks of the hash table; arguments after -- go to JMH (try -- -h).")
public final class JmhCommand implements Callable<Integer> {
    @Parameters(
            arity = "0..*",
            paramLabel = "JMH_ARG",
            description = "JMH options and benchmark regexps")
    List<String> jmhArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Main.main(jmhArgs.toArray(String[]::new));
        return 0;
    }
}
