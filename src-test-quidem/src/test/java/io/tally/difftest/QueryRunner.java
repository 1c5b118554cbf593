package io.tally.difftest;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Runs generated queries on one set of connections (the reference, Calcite's stock aggregate and
 * row operators: {@link #REFERENCE}, and one Tally connection per {@link #VARIANTS} entry) and
 * compares the answers. One runner per thread: JDBC connections are not shared.
 */
final class QueryRunner implements AutoCloseable {
    /** Tally settings a query runs under, drawn per query (the default twice as often). */
    static final List<String> VARIANTS = List.of("", "", "block_size=2", "emit=all");

    /** Settings of the reference connection: no Tally aggregate, no vectorized calc. */
    static final String REFERENCE = "aggregate=calcite;vectorize=false";

    /** Result rows printed per engine in a failure message. */
    static final int PRINTED_ROWS = 30;

    /** What happened to one query. */
    enum Status {
        AGREED,
        DISAGREED,
        BOTH_FAILED,
        REFERENCE_FAILED
    }

    /** The outcome of query {@code number}; {@code report} explains a disagreement. */
    record Outcome(int number, Status status, String report) {}

    private final List<Connection> connections = new ArrayList<>();
    private final Statement reference;
    private final List<Statement> tally = new ArrayList<>();
    private final long seed;
    private final String extra;

    QueryRunner(Path dir, long seed) throws SQLException {
        this(dir, seed, "");
    }

    /** A runner whose Tally connections all add {@code extra} settings (e.g. {@code threads=4}). */
    QueryRunner(Path dir, long seed, String extra) throws SQLException {
        this.seed = seed;
        this.extra = extra;
        this.reference = open(dir, REFERENCE);
        for (String v : VARIANTS) {
            tally.add(open(dir, join(v, extra)));
        }
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + ";" + b;
    }

    /** Generates query {@code number} of the seed, runs it on both engines and compares. */
    Outcome run(int number) {
        Random random = new Random(seed * 1_000_003L + number);
        QueryGenerator.Query query =
                new QueryGenerator(random, new Random(~(seed * 1_000_003L + number))).next();
        int variant = random.nextInt(VARIANTS.size());
        String context =
                "seed="
                        + seed
                        + " query="
                        + number
                        + " settings=["
                        + join(VARIANTS.get(variant), extra)
                        + "]\n  "
                        + query.sql();
        if (Boolean.getBoolean("tally.trace")) {
            System.out.println(context);
        }
        List<List<Object>> expected;
        try {
            expected = ResultRows.run(reference, query.sql());
        } catch (SQLException | RuntimeException | AssertionError e) {
            boolean tallyRuns = runs(tally.get(variant), query.sql());
            return new Outcome(
                    number,
                    tallyRuns ? Status.REFERENCE_FAILED : Status.BOTH_FAILED,
                    context + "\n  calcite failed: " + e);
        }
        try {
            List<List<Object>> actual = ResultRows.run(tally.get(variant), query.sql());
            String diff = ResultRows.diff(expected, actual, query.ordered(), query.looseColumns());
            return diff == null
                    ? new Outcome(number, Status.AGREED, null)
                    : new Outcome(
                            number,
                            Status.DISAGREED,
                            context
                                    + "\n  "
                                    + diff
                                    + "\n  calcite:"
                                    + ResultRows.format(expected, PRINTED_ROWS)
                                    + "\n  tally:"
                                    + ResultRows.format(actual, PRINTED_ROWS));
        } catch (SQLException | RuntimeException | AssertionError e) {
            return new Outcome(
                    number,
                    Status.DISAGREED,
                    context
                            + "\n  tally failed: "
                            + e
                            + "\n  calcite:"
                            + ResultRows.format(expected, PRINTED_ROWS));
        }
    }

    private Statement open(Path dir, String settings) throws SQLException {
        String url = "jdbc:tally:data=" + dir + (settings.isEmpty() ? "" : ";" + settings);
        Connection c = DriverManager.getConnection(url);
        connections.add(c);
        return c.createStatement();
    }

    private static boolean runs(Statement statement, String sql) {
        try {
            ResultRows.run(statement, sql);
            return true;
        } catch (SQLException | RuntimeException | AssertionError e) {
            return false;
        }
    }

    @Override
    public void close() throws SQLException {
        for (Connection c : connections) {
            c.close();
        }
    }
}
