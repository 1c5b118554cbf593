package io.tally.quidem;

import static org.junit.jupiter.api.Assertions.fail;

import io.tally.memory.EngineMemory;
import io.tally.spill.SpillStats;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.hydromatic.quidem.Quidem;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every {@code .iq} script under {@code src/test/resources/sql} once per {@link
 * QuidemVariant}; a script passes when Quidem's output equals the script itself. Outputs are kept
 * under {@code target/quidem/<variant>/} for diffing.
 */
class QuidemTest {
    private static final Path SQL_DIR = Path.of("src/test/resources/sql");
    private static final Path DATA_DIR = Path.of("src/test/resources/data").toAbsolutePath();
    private static final Path OUT_DIR = Path.of("target/quidem");

    /** A script line asking spill variants to check that the script really spilled. */
    private static final String EXPECT_SPILL = "# expect-spill";

    /** Differing lines shown in a failure message. */
    private static final int DIFF_LINES = 40;

    @TestFactory
    Stream<DynamicTest> scripts() throws IOException {
        List<Path> scripts;
        try (Stream<Path> s = Files.walk(SQL_DIR)) {
            scripts =
                    s.filter(p -> p.toString().endsWith(".iq"))
                            .sorted()
                            .collect(Collectors.toList());
        }
        if (scripts.isEmpty()) {
            fail("no .iq scripts under " + SQL_DIR.toAbsolutePath());
        }
        return QuidemVariant.ALL.stream()
                .flatMap(
                        v ->
                                scripts.stream()
                                        .map(
                                                script ->
                                                        DynamicTest.dynamicTest(
                                                                v.name()
                                                                        + ": "
                                                                        + SQL_DIR.relativize(
                                                                                script),
                                                                () -> run(v, script))));
    }

    static void run(QuidemVariant variant, Path script) throws IOException {
        Path out = OUT_DIR.resolve(variant.name()).resolve(SQL_DIR.relativize(script));
        Files.createDirectories(out.getParent());
        long spilledBefore = SpillStats.batchesWritten();
        try (Reader reader = Files.newBufferedReader(script, StandardCharsets.UTF_8);
                Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            Quidem.Config config =
                    Quidem.configBuilder()
                            .withReader(reader)
                            .withWriter(writer)
                            .withConnectionFactory(new TallyConnectionFactory(variant, DATA_DIR))
                            .withEnv(name -> variant.env().get(name))
                            .withCommandHandler(ExplainAnalyzeCommand.HANDLER)
                            .build();
            new Quidem(config).execute();
        }
        long outstanding = EngineMemory.root().getAllocatedMemory();
        if (outstanding != 0) {
            fail(
                    outstanding
                            + " Arrow bytes still allocated after "
                            + script
                            + " under variant '"
                            + variant.name()
                            + "':\n"
                            + EngineMemory.root().toVerboseString());
        }
        String diff =
                ScriptDiff.diff(
                        Files.readAllLines(script, StandardCharsets.UTF_8),
                        Files.readAllLines(out, StandardCharsets.UTF_8),
                        DIFF_LINES);
        if (!diff.isEmpty()) {
            fail(
                    "Output of "
                            + script
                            + " under variant '"
                            + variant.name()
                            + "' differs (full output: "
                            + out.toAbsolutePath()
                            + "):\n"
                            + diff);
        }
        if (variant.spills()
                && Files.readAllLines(script, StandardCharsets.UTF_8).contains(EXPECT_SPILL)
                && SpillStats.batchesWritten() == spilledBefore) {
            fail(
                    script
                            + " is marked '"
                            + EXPECT_SPILL
                            + "' but nothing spilled under variant '"
                            + variant.name()
                            + "'");
        }
        if (SpillStats.liveDirectories() != 0) {
            fail(
                    script
                            + " under variant '"
                            + variant.name()
                            + "' left "
                            + SpillStats.liveDirectories()
                            + " spill directories behind");
        }
    }
}
