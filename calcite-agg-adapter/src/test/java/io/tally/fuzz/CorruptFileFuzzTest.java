package io.tally.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Corrupts seed files ({@link FuzzSeeds}: Arrow IPC plain and LZ4-compressed, gzip CSV) in {@link
 * #CASES_PER_SEED} ways each with a fixed seed ({@link Corruptor}) and queries every copy in forked
 * JVMs ({@link FuzzChild}), so that a crash fails this test instead of the build.
 *
 * <p>Every outcome must be one of three: the original answer; an {@code SQLException} whose message
 * is one line naming the file; or, for Arrow, a different answer where only value bytes changed
 * ({@link ArrowRegions#valueOnly}: Arrow IPC carries no checksum, so a changed value cannot be
 * seen). Gzip carries a CRC, so a corrupted {@code .csv.gz} never answers differently. No case may
 * crash the JVM, hang, throw anything but an {@code SQLException}, or leave Arrow memory allocated.
 * The counts are printed and written to {@code target/fuzz-report.txt}.
 */
class CorruptFileFuzzTest {
    /** Corruptions per seed file. */
    static final int CASES_PER_SEED = 150;

    /** The fixed seed of the corruptions. */
    static final long SEED = 19;

    /** Cases one forked JVM runs before the next one starts (a crash ends a JVM early). */
    static final int CASES_PER_JVM = 60;

    /** A case that makes no progress for this long is a hang. */
    static final long CASE_TIMEOUT_SECONDS = 60;

    /** Failures listed in the assertion message (all are in the report file). */
    private static final int MESSAGE_FAILURES = 20;

    /** Characters of each listed failure. */
    private static final int MESSAGE_CHARS = 400;

    /** One query run: a seed (corrupted or not) in its own directory. */
    private record Case(int id, FuzzSeeds.Seed seed, String description, byte[] bytes, Path dir) {}

    /** What a case did, and how it is judged. */
    enum Verdict {
        EQUAL,
        CLEAN_ERROR,
        VALUE_CHANGE,
        STRUCTURE_ANSWER,
        UNCLEAR_ERROR,
        THROWN,
        LEAK,
        CRASH,
        HANG
    }

    @Test
    void corruptFilesAnswerRightOrFailCleanly(@TempDir Path tmp) throws Exception {
        List<FuzzSeeds.Seed> seeds = FuzzSeeds.write(Files.createDirectories(tmp.resolve("seeds")));
        List<Case> cases = new ArrayList<>();
        Map<String, ArrowRegions> regions = new LinkedHashMap<>();
        for (int s = 0; s < seeds.size(); s++) {
            FuzzSeeds.Seed seed = seeds.get(s);
            boolean arrow = seed.fileName().endsWith(".arrow");
            ArrowRegions map = arrow ? ArrowRegions.of(seed.bytes()) : null;
            regions.put(seed.name(), map);
            cases.add(newCase(tmp, cases.size(), seed, "original", seed.bytes()));
            Corruptor corruptor =
                    new Corruptor(
                            SEED + s, seed.bytes(), map == null ? new int[0] : map.hotPositions());
            for (int i = 0; i < CASES_PER_SEED; i++) {
                Corruptor.Corruption c = corruptor.next();
                cases.add(newCase(tmp, cases.size(), seed, c.description(), c.bytes()));
            }
        }
        Map<Integer, String> outcomes = runForked(tmp, cases);

        Map<String, String> baseline = new TreeMap<>();
        for (Case c : cases) {
            if (c.description().equals("original")) {
                String o = outcomes.get(c.id());
                assertTrue(o.startsWith("OK "), c.seed().name() + " seed does not answer: " + o);
                baseline.put(c.seed().name(), o.split(" ")[1]);
            }
        }
        Map<String, Map<Verdict, Integer>> counts = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        for (Case c : cases) {
            if (c.description().equals("original")) {
                continue;
            }
            String outcome = outcomes.get(c.id());
            Verdict v =
                    judge(c, outcome, baseline.get(c.seed().name()), regions.get(c.seed().name()));
            counts.computeIfAbsent(c.seed().name(), k -> new TreeMap<>()).merge(v, 1, Integer::sum);
            if (v.ordinal() >= Verdict.STRUCTURE_ANSWER.ordinal()) {
                ArrowRegions map = regions.get(c.seed().name());
                failures.add(
                        v
                                + " "
                                + c.seed().name()
                                + " ["
                                + c.description()
                                + "]"
                                + (map == null
                                        ? ""
                                        : " touching " + map.touched(c.seed().bytes(), c.bytes()))
                                + ": "
                                + outcome);
            }
        }
        String report = report(counts);
        System.out.println(report);
        Files.writeString(
                Path.of("target", "fuzz-report.txt"),
                report + String.join("\n", failures) + "\n",
                StandardCharsets.UTF_8);
        assertEquals(
                List.of(),
                failures.stream()
                        .limit(MESSAGE_FAILURES)
                        .map(
                                f ->
                                        f.length() > MESSAGE_CHARS
                                                ? f.substring(0, MESSAGE_CHARS) + "…"
                                                : f)
                        .toList(),
                report);
    }

    private static Case newCase(
            Path tmp, int id, FuzzSeeds.Seed seed, String description, byte[] bytes)
            throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("cases").resolve(Integer.toString(id)));
        Files.write(dir.resolve(seed.fileName()), bytes);
        return new Case(id, seed, description, bytes, dir);
    }

    private static Verdict judge(Case c, String outcome, String baseline, ArrowRegions map) {
        String[] f = outcome.split(" ", 4);
        switch (f[0]) {
            case "CRASH":
                return Verdict.CRASH;
            case "HANG":
                return Verdict.HANG;
            case "THROWN":
                return Verdict.THROWN;
            case "OK":
                if (!f[2].equals("0")) {
                    return Verdict.LEAK;
                }
                if (f[1].equals(baseline)) {
                    return Verdict.EQUAL;
                }
                return map != null && map.valueOnly(c.seed().bytes(), c.bytes())
                        ? Verdict.VALUE_CHANGE
                        : Verdict.STRUCTURE_ANSWER;
            case "ERR":
                {
                    if (!f[1].equals("0")) {
                        return Verdict.LEAK;
                    }
                    // a value change may cause a legitimate SQL error (an overflow) that is no
                    // file's fault
                    String message = f[3];
                    boolean named =
                            message.contains(c.seed().fileName())
                                    || map != null && map.valueOnly(c.seed().bytes(), c.bytes());
                    return named && !message.contains("\\n")
                            ? Verdict.CLEAN_ERROR
                            : Verdict.UNCLEAR_ERROR;
                }
            default:
                throw new AssertionError(outcome);
        }
    }

    private static String report(Map<String, Map<Verdict, Integer>> counts) {
        StringBuilder out =
                new StringBuilder(
                        "corrupt-file fuzz (seed "
                                + SEED
                                + ", "
                                + CASES_PER_SEED
                                + " corruptions per file)\n");
        out.append(
                String.format(
                        "%-10s %6s %6s %6s %6s %6s %6s%n",
                        "file", "tried", "equal", "error", "value", "struct", "other"));
        int[] total = new int[6];
        for (Map.Entry<String, Map<Verdict, Integer>> e : counts.entrySet()) {
            Map<Verdict, Integer> v = e.getValue();
            int tried = v.values().stream().mapToInt(Integer::intValue).sum();
            int other =
                    tried
                            - get(v, Verdict.EQUAL)
                            - get(v, Verdict.CLEAN_ERROR)
                            - get(v, Verdict.VALUE_CHANGE)
                            - get(v, Verdict.STRUCTURE_ANSWER);
            int[] row = {
                tried,
                get(v, Verdict.EQUAL),
                get(v, Verdict.CLEAN_ERROR),
                get(v, Verdict.VALUE_CHANGE),
                get(v, Verdict.STRUCTURE_ANSWER),
                other
            };
            out.append(
                    String.format(
                            "%-10s %6d %6d %6d %6d %6d %6d%n",
                            e.getKey(), row[0], row[1], row[2], row[3], row[4], row[5]));
            for (int i = 0; i < row.length; i++) {
                total[i] += row[i];
            }
        }
        out.append(
                String.format(
                        "%-10s %6d %6d %6d %6d %6d %6d%n",
                        "total", total[0], total[1], total[2], total[3], total[4], total[5]));
        out.append("other = crashes, hangs, non-SQLException failures, unclear errors, leaks: ")
                .append(
                        counts.values().stream()
                                .flatMap(m -> m.entrySet().stream())
                                .filter(
                                        e ->
                                                e.getKey().ordinal()
                                                        > Verdict.STRUCTURE_ANSWER.ordinal())
                                .map(e -> e.getKey() + "=" + e.getValue())
                                .toList())
                .append('\n');
        return out.toString();
    }

    private static int get(Map<Verdict, Integer> m, Verdict v) {
        return m.getOrDefault(v, 0);
    }

    /**
     * Runs every case in forked JVMs, {@link #CASES_PER_JVM} at a time; a JVM that dies or stalls
     * marks its current case CRASH or HANG and the next JVM starts after it.
     */
    private static Map<Integer, String> runForked(Path tmp, List<Case> cases) throws Exception {
        Path manifest = tmp.resolve("manifest.tsv");
        List<String> lines = new ArrayList<>();
        for (Case c : cases) {
            lines.add(
                    c.id() + "\t" + c.dir() + "\t" + c.seed().fileName() + "\t" + (1 + c.id() % 2));
        }
        Files.write(manifest, lines, StandardCharsets.UTF_8);
        Map<Integer, String> outcomes = new TreeMap<>();
        int next = 0;
        int jvm = 0;
        while (next < cases.size()) {
            Path results = tmp.resolve("results-" + jvm + ".txt");
            Files.createFile(results);
            int before = outcomes.size();
            Process p = fork(tmp, manifest, results, next, jvm);
            Integer running = watch(p, results, outcomes);
            if (running == null && outcomes.size() == before) {
                p.destroyForcibly().waitFor();
                throw new AssertionError(
                        "fuzz JVM "
                                + jvm
                                + " ran no case: "
                                + Files.readString(tmp.resolve("child-" + jvm + ".log")));
            }
            jvm++;
            if (running != null) {
                outcomes.put(running, (p.isAlive() ? "HANG" : "CRASH exit=" + p.exitValue()));
                p.destroyForcibly().waitFor();
            }
            while (next < cases.size() && outcomes.containsKey(cases.get(next).id())) {
                next++;
            }
        }
        return outcomes;
    }

    private static Process fork(Path tmp, Path manifest, Path results, int from, int jvm)
            throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb =
                new ProcessBuilder(
                        java,
                        "--add-opens=java.base/java.nio=ALL-UNNAMED",
                        "-Xmx512m",
                        "-Xss8m",
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-XX:ErrorFile=" + tmp.resolve("hs_err_%p.log"),
                        "-cp",
                        System.getProperty("java.class.path"),
                        FuzzChild.class.getName(),
                        manifest.toString(),
                        results.toString(),
                        Integer.toString(from),
                        Integer.toString(CASES_PER_JVM));
        pb.redirectErrorStream(true);
        pb.redirectOutput(tmp.resolve("child-" + jvm + ".log").toFile());
        return pb.start();
    }

    /**
     * Follows a child's result file until the child exits or stalls; records finished cases and
     * returns the id of a case that started and did not finish (null if none).
     */
    private static Integer watch(Process p, Path results, Map<Integer, String> outcomes)
            throws Exception {
        long lastChange = System.nanoTime();
        int seen = 0;
        Integer running = null;
        while (true) {
            boolean exited = p.waitFor(200, TimeUnit.MILLISECONDS);
            String text = Files.readString(results, StandardCharsets.UTF_8);
            String[] lines = text.substring(0, text.lastIndexOf('\n') + 1).split("\n");
            for (int i = seen; i < lines.length && !lines[i].isEmpty(); i++) {
                String[] f = lines[i].split(" ", 3);
                if (f[0].equals("START")) {
                    running = Integer.parseInt(f[1]);
                } else if (f[0].equals("DONE")) {
                    outcomes.put(Integer.parseInt(f[1]), f[2]);
                    running = null;
                }
                seen = i + 1;
                lastChange = System.nanoTime();
            }
            if (exited) {
                return running;
            }
            if (System.nanoTime() - lastChange > TimeUnit.SECONDS.toNanos(CASE_TIMEOUT_SECONDS)) {
                return running;
            }
        }
    }
}
