package io.tally.difftest;

import io.tally.difftest.Column.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The FROM clause of a generated query, always aliased {@code x} (and {@code y} for the joined
 * dimension), with the columns it offers: the Arrow fact table, its CSV copy, a join to the
 * dimension, a filtered subquery, a subquery adding a VARBINARY key, or an aggregate subquery
 * (aggregate over aggregate).
 */
record Source(String from, List<Ref> columns, boolean fdGroup) {
    /** A column reference usable in the query: SQL text, type, role. */
    record Ref(String sql, ColumnKind kind, Role role) {}

    /** Draws a source. */
    static Source random(Random r) {
        int p = r.nextInt(100);
        if (p < 55) {
            return new Source("t AS x", refs(false), true);
        }
        if (p < 67) {
            return new Source("tc AS x", refs(true), true);
        }
        if (p < 77) {
            List<Ref> refs = refs(false);
            refs.add(new Ref("y.dname", ColumnKind.VARCHAR, Role.DEPENDENT));
            refs.add(new Ref("y.dw", ColumnKind.DECIMAL, Role.VALUE));
            String join = r.nextBoolean() ? "JOIN" : "LEFT JOIN";
            return new Source("t AS x " + join + " d AS y ON x.g = y.g", refs, true);
        }
        if (p < 85) {
            return new Source(
                    "(SELECT * FROM t WHERE " + Predicates.random(r, refs(false), "t.") + ") AS x",
                    refs(false),
                    true);
        }
        if (p < 93) {
            List<Ref> refs = refs(false);
            refs.add(new Ref("x.kbin", ColumnKind.VARBINARY, Role.KEY));
            return new Source(
                    "(SELECT t.*, CASE MOD(t.hk, 7) WHEN 0 THEN X'' WHEN 1 THEN X'00'"
                            + " WHEN 2 THEN X'ff' WHEN 3 THEN X'0001ff' WHEN 4 THEN X'00ff' WHEN 5 THEN"
                            + " X'000102030405060708090a0b0c0d0e0f1011' ELSE NULL END AS kbin FROM t) AS x",
                    refs,
                    true);
        }
        return nested(r);
    }

    /**
     * {@code (SELECT k1, k2, g, COUNT(*) AS vl, SUM(vi) AS vi, MIN(vd) AS vd FROM t GROUP BY …)}.
     */
    private static Source nested(Random r) {
        List<Column> keys = new ArrayList<>();
        for (Column c : RandomTables.COLUMNS) {
            if (c.role() == Role.KEY) {
                keys.add(c);
            }
        }
        Column k1 = keys.get(r.nextInt(keys.size()));
        Column k2 = keys.get(r.nextInt(keys.size()));
        List<Ref> refs = new ArrayList<>();
        refs.add(new Ref("x." + k1.name(), k1.kind(), Role.KEY));
        String inner = k1.name();
        if (k2 != k1) {
            refs.add(new Ref("x." + k2.name(), k2.kind(), Role.KEY));
            inner += ", " + k2.name();
        }
        refs.add(new Ref("x.g", ColumnKind.INTEGER, Role.GROUP));
        refs.add(new Ref("x.vl", ColumnKind.BIGINT, Role.VALUE));
        refs.add(new Ref("x.vi", ColumnKind.BIGINT, Role.VALUE));
        refs.add(new Ref("x.vd", ColumnKind.DOUBLE, Role.VALUE));
        return new Source(
                "(SELECT "
                        + inner
                        + ", g, COUNT(*) AS vl, SUM(vi) AS vi, MIN(vd) AS vd"
                        + " FROM t GROUP BY "
                        + inner
                        + ", g) AS x",
                refs,
                false);
    }

    private static List<Ref> refs(boolean csvOnly) {
        List<Ref> refs = new ArrayList<>();
        for (Column c : RandomTables.COLUMNS) {
            if (!csvOnly || c.inCsv()) {
                refs.add(new Ref("x." + c.name(), c.kind(), c.role()));
            }
        }
        return refs;
    }
}
