package io.tally.bench.drain;

import io.tally.datasets.DrainGenerator.KeyKind;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.function.Consumer;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Checks a drain's output against the input's definition (group i has key i and v = i % 1024):
 * always the row count and the total of SUM(v); with {@code perGroup} also that every group
 * 0..groups-1 appears exactly once with SUM(v) = i % 1024 (too slow for the timed 10M runs, since
 * it runs between polls; the {@code --test} smoke run uses it).
 */
final class OutputCheck implements Consumer<VectorSchemaRoot> {
    private static final int V_MODULUS = 1024;
    private static final int KEY_DIGITS = 10;
    private final KeyKind kind;
    private final long groups;
    private final BitSet seen;
    private long rows;
    private double sum;

    OutputCheck(KeyKind kind, long groups, boolean perGroup) {
        this.kind = kind;
        this.groups = groups;
        this.seen = perGroup ? new BitSet(Math.toIntExact(groups)) : null;
    }

    @Override
    public void accept(VectorSchemaRoot out) {
        Float8Vector sums = (Float8Vector) out.getVector(1);
        int n = out.getRowCount();
        for (int r = 0; r < n; r++) {
            sum += sums.get(r);
        }
        if (seen != null) {
            for (int r = 0; r < n; r++) {
                long group = group(out, r);
                if (group < 0 || group >= groups || seen.get((int) group)) {
                    throw new IllegalStateException(
                            "drain "
                                    + kind.cliName()
                                    + ": group "
                                    + group
                                    + (group >= 0 && group < groups
                                            ? " emitted twice"
                                            : " out of range 0.." + (groups - 1)));
                }
                seen.set((int) group);
                if (sums.get(r) != group % V_MODULUS) {
                    throw new IllegalStateException(
                            "drain "
                                    + kind.cliName()
                                    + ": group "
                                    + group
                                    + " has SUM(v) "
                                    + sums.get(r)
                                    + ", expected "
                                    + group % V_MODULUS);
                }
            }
        }
        rows += n;
    }

    private long group(VectorSchemaRoot out, int r) {
        return switch (kind) {
            case INT64 -> ((BigIntVector) out.getVector(0)).get(r);
            case UTF8, DICT -> suffix(((VarCharVector) out.getVector(0)).get(r));
            case LISTSTR -> {
                ListVector list = (ListVector) out.getVector(0);
                VarCharVector items = (VarCharVector) list.getDataVector();
                yield suffix(items.get(list.getElementStartIndex(r))) / 4;
            }
        };
    }

    private static long suffix(byte[] utf8) {
        String s = new String(utf8, StandardCharsets.UTF_8);
        return Long.parseLong(s.substring(s.length() - KEY_DIGITS));
    }

    /** Throws unless exactly one row per group came out and SUM(v) adds up. */
    void verify() {
        if (rows != groups) {
            throw new IllegalStateException(
                    "drain "
                            + kind.cliName()
                            + ": "
                            + rows
                            + " output rows for "
                            + groups
                            + " groups (expected exactly one row per group)");
        }
        if (seen != null && seen.cardinality() != groups) {
            throw new IllegalStateException(
                    "drain "
                            + kind.cliName()
                            + ": "
                            + seen.cardinality()
                            + " distinct groups of "
                            + groups);
        }
        double expected = expectedSum(groups);
        if (sum != expected) {
            throw new IllegalStateException(
                    "drain "
                            + kind.cliName()
                            + ": SUM(v) over all groups is "
                            + sum
                            + ", expected "
                            + expected);
        }
    }

    /** Σ (i % 1024) for i in 0..groups-1, exact in a double below 2^53. */
    static double expectedSum(long groups) {
        long full = groups / V_MODULUS;
        long rest = groups % V_MODULUS;
        return (double) (full * (V_MODULUS * (V_MODULUS - 1L) / 2) + rest * (rest - 1) / 2);
    }
}
