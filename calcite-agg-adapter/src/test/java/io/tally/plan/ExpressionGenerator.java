package io.tally.plan;

import java.util.Random;

/**
 * Random SQL expressions over table {@code t(i INT, j BIGINT, d DOUBLE, s VARCHAR, b BOOLEAN, dt
 * DATE)}, limited to what {@link TallyBatchCalc} supports, for differential tests. Divisors are
 * non-zero constants: a failing query on Calcite's row path leaks the scan's batch (Calcite does
 * not close the scan's enumerator after an error), so errors are tested separately.
 */
final class ExpressionGenerator {
    private final Random random;

    ExpressionGenerator(Random random) {
        this.random = random;
    }

    private String pick(String... choices) {
        return choices[random.nextInt(choices.length)];
    }

    String integer(int depth) {
        if (depth == 0) {
            return pick(
                    "i",
                    "j",
                    "i",
                    Integer.toString(random.nextInt(11) - 5),
                    "char_length(s)",
                    "extract(year from dt)",
                    "extract(month from dt)",
                    "extract(day from dt)");
        }
        int d = depth - 1;
        switch (random.nextInt(9)) {
            case 0:
                return "(" + integer(d) + " + " + integer(d) + ")";
            case 1:
                return "(" + integer(d) + " - " + integer(d) + ")";
            case 2:
                return "(" + integer(d) + " * " + integer(d) + ")";
            case 3:
                return "(" + integer(d) + " / " + pick("3", "-2", "7") + ")";
            case 4:
                return "mod(" + integer(d) + ", " + pick("10", "-4", "3") + ")";
            case 5:
                return "case when "
                        + bool(d)
                        + " then "
                        + integer(d)
                        + " else "
                        + integer(d)
                        + " end";
            case 6:
                return "(-(" + integer(d) + "))";
            case 7:
                return "cast(" + integer(d) + " as bigint)";
            default:
                return integer(0);
        }
    }

    String real(int depth) {
        if (depth == 0) {
            return pick("d", "cast(i as double)", "1.5e0", "d");
        }
        int d = depth - 1;
        switch (random.nextInt(6)) {
            case 0:
                return "(" + real(d) + " + " + real(d) + ")";
            case 1:
                return "(" + real(d) + " * " + integer(d) + ")";
            case 2:
                return "(" + real(d) + " / " + real(d) + ")";
            case 3:
                return "(" + real(d) + " - " + real(d) + ")";
            case 4:
                return "case when " + bool(d) + " then " + real(d) + " end";
            default:
                return real(0);
        }
    }

    String string(int depth) {
        if (depth == 0) {
            return pick("s", "'lit'", "cast(i as varchar)", "s");
        }
        int d = depth - 1;
        switch (random.nextInt(7)) {
            case 0:
                return "upper(" + string(d) + ")";
            case 1:
                return "lower(" + string(d) + ")";
            case 2:
                return "(" + string(d) + " || " + string(d) + ")";
            case 3:
                return "substring("
                        + string(d)
                        + ", "
                        + pick("1", "2", "-1", "0")
                        + ", "
                        + pick("1", "3", "0")
                        + ")";
            case 4:
                return "substring(" + string(d) + " from " + pick("2", "4") + ")";
            case 5:
                return "case when " + bool(d) + " then " + string(d) + " else 'zz' end";
            default:
                return string(0);
        }
    }

    String bool(int depth) {
        if (depth == 0) {
            return pick(
                    "b",
                    "(i > 0)",
                    "(j < 0)",
                    "(s = 'apple')",
                    "(d >= 0.5e0)",
                    "(i is null)",
                    "(dt < date '2005-01-01')",
                    "(s like 'a%')",
                    "(s like '%an%')",
                    "(dt + interval '40' day > date '2010-06-01')");
        }
        int d = depth - 1;
        String cmp = pick("=", "<>", "<", "<=", ">", ">=");
        switch (random.nextInt(11)) {
            case 0:
                return "(" + integer(d) + " " + cmp + " " + integer(d) + ")";
            case 1:
                return "(" + real(d) + " " + cmp + " " + real(d) + ")";
            case 2:
                return "(" + string(d) + " " + cmp + " " + string(d) + ")";
            case 3:
                return "(" + bool(d) + " and " + bool(d) + ")";
            case 4:
                return "(" + bool(d) + " or " + bool(d) + ")";
            case 5:
                return "(not " + bool(d) + ")";
            case 6:
                return "("
                        + bool(d)
                        + " is "
                        + pick("true", "false", "not true", "not false")
                        + ")";
            case 7:
                return "(" + integer(d) + " between -3 and 4)";
            case 8:
                return "(" + integer(d) + " in (1, 2, 5, -7))";
            case 9:
                return "(" + string(d) + " is not null)";
            default:
                return bool(0);
        }
    }
}
