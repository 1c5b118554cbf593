package io.tally.difftest;

import io.tally.difftest.Column.Role;
import io.tally.difftest.Source.Ref;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Generates random GROUP BY queries over {@link RandomTables}: 0–4 keys, plain or ROLLUP / CUBE /
 * GROUPING SETS, 1–5 aggregate calls ({@link Aggregates}), sometimes WHERE, HAVING, ORDER BY /
 * LIMIT, joins and subqueries ({@link Source}). Every query has one right answer: ANY_VALUE only
 * sees values that are functions of the group, and LIMIT follows an ORDER BY on every key.
 */
final class QueryGenerator {
    /** A query and how to compare its results. */
    record Query(String sql, boolean ordered, Set<Integer> looseColumns) {}

    private enum Grouping {
        PLAIN,
        ROLLUP,
        CUBE,
        SETS
    }

    private final Random r;
    private final Random extra;

    /** Draws queries from {@code random}, and the functions of issue 18 from {@code extra}. */
    QueryGenerator(Random random, Random extra) {
        this.r = random;
        this.extra = extra;
    }

    Query next() {
        Source src = Source.random(r);
        List<Ref> keys = pickKeys(src.columns());
        Grouping grouping = keys.isEmpty() ? Grouping.PLAIN : pickGrouping(keys.size());
        List<String> items = new ArrayList<>();
        Set<Integer> loose = new LinkedHashSet<>();
        for (Ref k : keys) {
            if (r.nextInt(100) < 85) {
                items.add(k.sql());
            }
        }
        boolean distinctOnly = !keys.isEmpty() && grouping == Grouping.PLAIN && r.nextInt(20) == 0;
        if (!distinctOnly) {
            Aggregates aggs = new Aggregates(r, extra, src, keys, grouping == Grouping.PLAIN);
            int calls = 1 + r.nextInt(5);
            for (int i = 0; i < calls; i++) {
                Aggregates.Call call = aggs.random();
                items.add(call.sql() + " AS a" + i);
                if (call.loose()) {
                    loose.add(items.size());
                }
            }
            if (grouping != Grouping.PLAIN && r.nextInt(100) < 40) {
                items.add(
                        "GROUPING("
                                + keys.get(0).sql()
                                + (keys.size() > 1 ? ", " + keys.get(keys.size() - 1).sql() : "")
                                + ") AS gr");
            }
        } else if (items.isEmpty()) {
            items.add(keys.get(0).sql());
        }
        StringBuilder sql = new StringBuilder("SELECT ");
        sql.append(distinctOnly ? "DISTINCT " : "").append(String.join(", ", items));
        sql.append(" FROM ").append(src.from());
        if (r.nextInt(100) < 30) {
            // empty input only under a plain GROUP BY: over no rows, Calcite's stock operator (the
            // reference) returns no row for the grouping set (), where SQL (and Tally) returns one
            boolean empty = grouping == Grouping.PLAIN && r.nextInt(10) == 0;
            sql.append(" WHERE ").append(empty ? "x.g > 100" : Predicates.random(r, src.columns()));
        }
        if (!distinctOnly) {
            sql.append(groupBy(keys, grouping));
            if (r.nextInt(100) < 20) {
                sql.append(" HAVING ").append(having(src));
            }
        }
        boolean ordered = false;
        if (!keys.isEmpty()
                && grouping == Grouping.PLAIN
                && !distinctOnly
                && r.nextInt(100) < 20
                && keys.stream().allMatch(k -> k.kind().isOrdered())) {
            sql.append(orderBy(keys));
            ordered = true;
        }
        return new Query(sql.toString(), ordered, loose);
    }

    private List<Ref> pickKeys(List<Ref> columns) {
        int n = r.nextInt(100) < 8 ? 0 : 1 + r.nextInt(4);
        List<Ref> candidates = new ArrayList<>();
        for (Ref c : columns) {
            if (c.role() != Role.VALUE && (c.role() != Role.HIGH || r.nextInt(4) == 0)) {
                candidates.add(c);
            }
        }
        Set<Ref> keys = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            keys.add(candidates.get(r.nextInt(candidates.size())));
        }
        return new ArrayList<>(keys);
    }

    private Grouping pickGrouping(int keys) {
        int p = r.nextInt(100);
        if (p < 70) {
            return Grouping.PLAIN;
        }
        if (p < 80) {
            return Grouping.ROLLUP;
        }
        return p < 88 && keys <= 3 ? Grouping.CUBE : Grouping.SETS;
    }

    private String groupBy(List<Ref> keys, Grouping grouping) {
        if (keys.isEmpty()) {
            return r.nextInt(5) == 0 ? " GROUP BY ()" : "";
        }
        List<String> names = keys.stream().map(Ref::sql).toList();
        switch (grouping) {
            case ROLLUP:
                return " GROUP BY ROLLUP(" + String.join(", ", names) + ")";
            case CUBE:
                return " GROUP BY CUBE(" + String.join(", ", names) + ")";
            case SETS:
                {
                    List<String> sets = new ArrayList<>();
                    int n = 1 + r.nextInt(4);
                    for (int i = 0; i < n; i++) {
                        List<String> set = new ArrayList<>();
                        for (String k : names) {
                            if (r.nextBoolean()) {
                                set.add(k);
                            }
                        }
                        sets.add("(" + String.join(", ", set) + ")");
                    }
                    sets.add("(" + String.join(", ", names) + ")");
                    return " GROUP BY GROUPING SETS (" + String.join(", ", sets) + ")";
                }
            default:
                return " GROUP BY " + String.join(", ", names);
        }
    }

    private String having(Source src) {
        boolean hasVi = src.columns().stream().anyMatch(c -> c.sql().equals("x.vi"));
        switch (r.nextInt(4)) {
            case 0:
                return "COUNT(*) > " + (1 + r.nextInt(3));
            case 1:
                return hasVi ? "SUM(x.vi) > 0" : "COUNT(*) > 1";
            case 2:
                return "MIN(x.g) < 10";
            default:
                return "COUNT(*) > (SELECT COUNT(*) / 50 FROM t)";
        }
    }

    private String orderBy(List<Ref> keys) {
        List<String> terms = new ArrayList<>();
        for (Ref k : keys) {
            terms.add(
                    k.sql()
                            + (r.nextBoolean() ? " ASC" : " DESC")
                            + (r.nextBoolean() ? " NULLS FIRST" : " NULLS LAST"));
        }
        String order = " ORDER BY " + String.join(", ", terms);
        if (r.nextInt(100) < 70) {
            order += " LIMIT " + (1 + r.nextInt(20));
            if (r.nextInt(4) == 0) {
                order += " OFFSET " + r.nextInt(5);
            }
        }
        return order;
    }
}
