package io.tally.spark.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code ./tally bench spark}: each h2o question on a {@code local[2]} Spark session, once per
 * engine (how the table is read and who aggregates), consumed inside Spark (a {@code noop} write,
 * no rows to the driver). Reports the first (cold) run, the median of the next runs, the shuffle
 * bytes Spark's tasks wrote, and whether the engine's answer digest matches the first engine's.
 * Options: {@code --rows 1e7 --runs 3 --files 8 --engines a,b --queries q1,q3 --data-dir DIR
 * --master local[2] --out FILE.md}.
 */
public final class SparkBench {
    /** Relative tolerance of a digest's double sums (sums in another order differ in last bits). */
    private static final double DIGEST_TOLERANCE = 1e-9;

    /** How each engine reads the table and who aggregates. */
    enum Engine {
        SPARK_CSV("Spark's CSV reader (types given), Spark's aggregate"),
        TALLY_CSV("tally source on the same CSV files, aggregate pushed to Tally"),
        TALLY_CSV_SPARK_AGG(
                "tally source on the CSV files, aggregate=spark (Tally reads, Spark groups)"),
        SPARK_PARQUET(
                "Spark's Parquet reader (files written by Spark from the CSV), Spark's aggregate"),
        TALLY_ARROW("tally source on the Arrow IPC file, aggregate pushed to Tally");

        final String how;

        Engine(String how) {
            this.how = how;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    private SparkBench() {}

    public static void main(String[] args) throws IOException {
        Map<String, String> o = options(args);
        long rows = (long) Double.parseDouble(o.getOrDefault("rows", "1e7"));
        int runs = Integer.parseInt(o.getOrDefault("runs", "3"));
        int files = Integer.parseInt(o.getOrDefault("files", "8"));
        List<Engine> engines = new ArrayList<>();
        for (String e :
                o.getOrDefault(
                                "engines",
                                "spark-csv,tally-csv,tally-csv-spark-agg,"
                                        + "spark-parquet,tally-arrow")
                        .split(",")) {
            engines.add(Engine.valueOf(e.trim().toUpperCase(Locale.ROOT).replace('-', '_')));
        }
        List<BenchQuery> queries = new ArrayList<>();
        for (String q : o.getOrDefault("queries", "q1,q2,q3,q4,q5,q10").split(",")) {
            queries.add(BenchQuery.valueOf(q.trim().toUpperCase(Locale.ROOT)));
        }
        Path dataDir = Path.of(o.getOrDefault("data-dir", defaultDataDir()));
        Configurator.setRootLevel(Level.ERROR);
        SparkSession spark =
                SparkSession.builder()
                        .master(o.getOrDefault("master", "local[2]"))
                        .appName("tally-bench-spark")
                        .config("spark.ui.enabled", "false")
                        .config("spark.driver.host", "127.0.0.1")
                        .config("spark.driver.bindAddress", "127.0.0.1")
                        .getOrCreate();
        spark.sparkContext().setLogLevel("ERROR");
        ShuffleMeter shuffle = new ShuffleMeter();
        spark.sparkContext().addSparkListener(shuffle);
        BenchData data = new BenchData(dataDir, rows, System.err::println);
        Path parts = data.csvParts(files);
        Map<Engine, Dataset<Row>> tables = new LinkedHashMap<>();
        for (Engine e : engines) {
            tables.put(e, table(spark, e, data, parts));
        }
        List<String> lines = new ArrayList<>();
        lines.add(
                "h2o "
                        + data.table()
                        + ", "
                        + files
                        + " CSV files, master "
                        + spark.sparkContext().master()
                        + ", Spark "
                        + spark.version()
                        + ", JVM "
                        + System.getProperty("java.version")
                        + ", "
                        + runs
                        + " timed runs after the first");
        lines.add("");
        lines.add("| query | engine | first run s | median s | shuffle written | answer |");
        lines.add("|---|---|---:|---:|---:|---|");
        for (BenchQuery q : queries) {
            double[] reference = null;
            for (Engine e : engines) {
                tables.get(e).createOrReplaceTempView("t");
                System.err.println(q.label() + " " + e.label() + " ...");
                double first = time(spark, q);
                long shuffled = shuffle.take(spark.sparkContext());
                double[] warm = new double[runs];
                for (int r = 0; r < runs; r++) {
                    warm[r] = time(spark, q);
                    shuffled = shuffle.take(spark.sparkContext());
                }
                double[] digest = digest(spark, q);
                shuffle.take(spark.sparkContext());
                String answer =
                        reference == null
                                ? "reference"
                                : same(reference, digest) ? "same" : "DIFFERENT";
                if (reference == null) {
                    reference = digest;
                }
                lines.add(
                        String.format(
                                Locale.ROOT,
                                "| %s | %s | %.2f | %.2f | %s | %s |",
                                q.label(),
                                e.label(),
                                first,
                                median(warm),
                                bytes(shuffled),
                                answer));
            }
        }
        lines.add("");
        for (Engine e : engines) {
            lines.add("- `" + e.label() + "`: " + e.how);
        }
        lines.forEach(System.out::println);
        if (o.containsKey("out")) {
            Files.write(Path.of(o.get("out")), lines);
        }
        spark.stop();
    }

    private static Dataset<Row> table(SparkSession spark, Engine e, BenchData data, Path parts)
            throws IOException {
        switch (e) {
            case SPARK_CSV:
                return spark.read()
                        .option("header", "true")
                        .schema(BenchData.H2O_SCHEMA)
                        .csv(parts.toString());
            case TALLY_CSV:
                return spark.read().format("tally").load(parts.toString());
            case TALLY_CSV_SPARK_AGG:
                return spark.read()
                        .format("tally")
                        .option("aggregate", "spark")
                        .load(parts.toString());
            case SPARK_PARQUET:
                return spark.read().parquet(data.parquet(spark, parts).toString());
            case TALLY_ARROW:
                return spark.read().format("tally").load(data.arrow().toString());
            default:
                throw new IllegalArgumentException(e.name());
        }
    }

    /** Seconds to run {@code q} over view {@code t}, every row consumed inside Spark. */
    private static double time(SparkSession spark, BenchQuery q) {
        long start = System.nanoTime();
        spark.sql(q.sql).write().format("noop").mode("overwrite").save();
        return (System.nanoTime() - start) / 1e9;
    }

    private static double[] digest(SparkSession spark, BenchQuery q) {
        Row row = spark.sql(q.digestSql()).collectAsList().get(0);
        double[] values = new double[row.length()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.isNullAt(i) ? Double.NaN : ((Number) row.get(i)).doubleValue();
        }
        return values;
    }

    private static boolean same(double[] a, double[] b) {
        for (int i = 0; i < a.length; i++) {
            double tolerance =
                    i < 2 ? 0 : DIGEST_TOLERANCE * Math.max(Math.abs(a[i]), Math.abs(b[i]));
            if (Math.abs(a[i] - b[i]) > tolerance && !(Double.isNaN(a[i]) && Double.isNaN(b[i]))) {
                return false;
            }
        }
        return true;
    }

    private static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    }

    private static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB"};
        double v = n / 1024.0;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    private static String defaultDataDir() {
        String env = System.getenv("TALLY_BENCH_DATA");
        return env != null && !env.isBlank()
                ? env
                : Path.of(System.getProperty("user.home"), ".cache", "tally-bench").toString();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException(
                        "usage: ./tally bench spark [--rows 1e7] [--runs 3]"
                                + " [--files 8] [--engines spark-csv,tally-csv,...] [--queries q1,q3]"
                                + " [--data-dir DIR] [--master local[2]] [--out FILE.md]; got "
                                + args[i]);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }
}
