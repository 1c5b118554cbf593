package io.tally.difftest;

import io.tally.difftest.Source.Ref;
import java.util.List;
import java.util.Random;

/** Random boolean conditions over a source's columns, for WHERE and FILTER (WHERE …). */
final class Predicates {
    private Predicates() {}

    /**
     * A condition over {@code refs}; their {@code x.} qualifier is replaced by {@code qualifier}
     * (e.g. {@code t.} inside a subquery).
     */
    static String random(Random r, List<Ref> refs, String qualifier) {
        return one(r, refs).replace("x.", qualifier);
    }

    /** A condition over {@code refs}, sometimes two joined by AND / OR. */
    static String random(Random r, List<Ref> refs) {
        String p = one(r, refs);
        if (r.nextInt(5) == 0) {
            p = "(" + p + (r.nextBoolean() ? " AND " : " OR ") + one(r, refs) + ")";
        }
        return p;
    }

    private static String one(Random r, List<Ref> refs) {
        Ref c = refs.get(r.nextInt(refs.size()));
        switch (r.nextInt(4)) {
            case 0:
                return c.sql() + (r.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            case 1:
                return compare(r, c);
            default:
                break;
        }
        for (int tries = 0; tries < 5; tries++) {
            String p = compare(r, c);
            if (p != null) {
                return p;
            }
            c = refs.get(r.nextInt(refs.size()));
        }
        return c.sql() + " IS NOT NULL";
    }

    private static String compare(Random r, Ref c) {
        String s = c.sql();
        switch (c.kind()) {
            case BOOLEAN:
                return r.nextBoolean() ? s : "NOT " + s;
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return r.nextBoolean() ? s + " > " + (r.nextInt(21) - 10) : "MOD(" + s + ", 3) = 0";
            case DECIMAL:
            case REAL:
            case DOUBLE:
                return s + (r.nextBoolean() ? " > 0" : " <= 1.5");
            case DATE:
                return s + " >= DATE '2019-04-20'";
            case TIME:
                return s + " < TIME '12:00:00'";
            case TIMESTAMP:
                return s + " > TIMESTAMP '2020-09-13 12:26:45'";
            case VARCHAR:
                return r.nextBoolean() ? s + " LIKE 'a%'" : s + " <> ''";
            case VARBINARY:
                return s + " <> X'00'";
            case ARRAY:
                return "CARDINALITY(" + s + ") > 1";
            default:
                return null;
        }
    }
}
