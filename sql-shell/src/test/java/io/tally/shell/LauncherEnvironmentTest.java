package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The environment the {@code tally} launcher script starts Java with: run on a copy of the script
 * beside stand-in jars, with a stand-in {@code java} first on the PATH that prints what it got.
 */
class LauncherEnvironmentTest {
    /** The launcher at the repository root (tests run in the module directory). */
    static final Path LAUNCHER = Path.of("..", "tally");

    /** The compile commands the launcher passes to the JVM (module-relative). */
    static final Path COMPILE_COMMANDS = Path.of("jvm", "compile-commands.txt");

    @TempDir Path dir;

    private Path script;

    @BeforeEach
    void copyLauncher() throws IOException {
        script = dir.resolve("tally");
        Files.copy(LAUNCHER, script, StandardCopyOption.REPLACE_EXISTING);
        // stand-in jars with no sources beside them: the launcher sees nothing to build
        for (String jar :
                List.of("sql-shell/target/tally.jar", "benchmarks/target/tally-bench.jar")) {
            Files.createDirectories(dir.resolve(jar).getParent());
            Files.writeString(dir.resolve(jar), "");
        }
        Path java = dir.resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(
                java,
                "#!/bin/sh\necho \"MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX-unset}\"\necho \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The shell runs with one malloc arena, so a parallel aggregate's freed tables are reused. */
    @Test
    void shellRunsWithOneMallocArena() throws Exception {
        assertEquals("MALLOC_ARENA_MAX=1", launch(null, "-e", "SELECT 1").get(0));
    }

    /** The benchmarks measure Tally as the shell runs it. */
    @Test
    void benchRunsWithOneMallocArena() throws Exception {
        assertEquals("MALLOC_ARENA_MAX=1", launch(null, "bench", "h2o", "--help").get(0));
    }

    /** A setting of the caller's own is kept. */
    @Test
    void callersArenaSettingWins() throws Exception {
        assertEquals("MALLOC_ARENA_MAX=4", launch("4", "-e", "SELECT 1").get(0));
    }

    /**
     * bench h2o with Tally and DuckDB only gets a 2 GiB heap (Tally's data is off-heap and the heap
     * limit comes out of its default memory_limit); H2 and Tally's calcite mode keep their data on
     * the heap and get 8 GiB, as every other benchmark does.
     */
    @Test
    void benchHeapFollowsTheEnginesThatKeepDataOnTheHeap() throws Exception {
        assertEquals("-Xmx2g", heap("bench", "h2o", "--rows", "1e8"));
        assertEquals("-Xmx2g", heap("bench", "h2o", "--engines", "tally,duckdb"));
        assertEquals("-Xmx8g", heap("bench", "h2o", "--engines", "tally,h2"));
        assertEquals("-Xmx8g", heap("bench", "h2o", "--engines=duckdb, CALCITE"));
        assertEquals("-Xmx8g", heap("bench", "h2o", "--engines", "tally", "--engines", "h2"));
        assertEquals("-Xmx8g", heap("bench", "drain"));
        assertTrue(
                launch(null, "-e", "SELECT 1").get(1).contains("-XX:MaxRAMPercentage=40"),
                "the shell's heap is unchanged");
    }

    /**
     * The shell and the benchmarks run with the JIT settings (compile-unit boundaries, no profiled
     * loop predicates), the compile commands read from the file beside the launcher.
     */
    @Test
    void shellAndBenchRunWithTheJitSettings() throws Exception {
        Path commands = dir.resolve("sql-shell").resolve(COMPILE_COMMANDS);
        Files.createDirectories(commands.getParent());
        Files.writeString(commands, "quiet\n");
        String flag = "-XX:CompileCommandFile=" + commands.toRealPath();
        for (List<String> args :
                List.of(List.of("-e", "SELECT 1"), List.of("bench", "h2o", "--help"))) {
            String line = launch(null, args.toArray(new String[0])).get(1);
            assertTrue(line.contains(flag), line);
            assertTrue(line.contains("-XX:-UseProfiledLoopPredicate"), line);
        }
    }

    /**
     * Every method the compile commands name exists (a renamed one would silently lose its
     * boundary), and the commands are quiet (the JVM would otherwise print each one on the shell's
     * standard output).
     */
    @Test
    void compileCommandsNameExistingMethodsQuietly() throws Exception {
        List<String> commands = new ArrayList<>();
        for (String line : Files.readAllLines(COMPILE_COMMANDS)) {
            if (!line.isBlank() && !line.startsWith("#")) {
                commands.add(line.trim());
            }
        }
        assertEquals("quiet", commands.get(0), "the first command silences the others");
        assertTrue(commands.size() > 1, "no boundary listed");
        for (String command : commands.subList(1, commands.size())) {
            String[] parts = command.split("\\s+");
            assertEquals(2, parts.length, command);
            assertEquals("dontinline", parts[0], command);
            String[] target = parts[1].split("::");
            Class<?> type =
                    Class.forName(target[0], false, LauncherEnvironmentTest.class.getClassLoader());
            assertTrue(
                    Arrays.stream(type.getDeclaredMethods())
                            .anyMatch(m -> m.getName().equals(target[1])),
                    () -> command + ": no method " + target[1] + " in " + target[0]);
        }
    }

    /** The last -Xmx flag the launcher passes for {@code args}. */
    private String heap(String... args) throws Exception {
        String flag = null;
        for (String a : launch(null, args).get(1).split(" ")) {
            if (a.startsWith("-Xmx")) {
                flag = a;
            }
        }
        return flag;
    }

    /**
     * Runs the copied launcher with {@code arenas} as MALLOC_ARENA_MAX (null: unset): the lines the
     * stand-in java printed (its MALLOC_ARENA_MAX, then its arguments).
     */
    private List<String> launch(String arenas, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("PATH", dir.resolve("bin") + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        env.remove("MALLOC_ARENA_MAX");
        if (arenas != null) {
            env.put("MALLOC_ARENA_MAX", arenas);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor() == 0, () -> "launcher failed: " + out);
        return List.of(out.split("\n"));
    }
}
