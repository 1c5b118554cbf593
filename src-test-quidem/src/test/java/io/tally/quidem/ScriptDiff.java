package io.tally.quidem;

import java.util.List;

/** Prints the lines where a script and its Quidem output differ, in a unified-diff-like form. */
final class ScriptDiff {
    private ScriptDiff() {}

    /**
     * Returns an empty string when the two are equal; otherwise the differing region, starting at
     * the first differing line, limited to {@code maxLines} lines of each side.
     */
    static String diff(List<String> expected, List<String> actual, int maxLines) {
        int first = 0;
        while (first < expected.size()
                && first < actual.size()
                && expected.get(first).equals(actual.get(first))) {
            first++;
        }
        if (first == expected.size() && first == actual.size()) {
            return "";
        }
        int endE = expected.size();
        int endA = actual.size();
        while (endE > first
                && endA > first
                && expected.get(endE - 1).equals(actual.get(endA - 1))) {
            endE--;
            endA--;
        }
        StringBuilder b = new StringBuilder();
        b.append("@@ line ").append(first + 1).append(" @@\n");
        for (int i = Math.max(0, first - 3); i < first; i++) {
            b.append("  ").append(expected.get(i)).append('\n');
        }
        append(b, "- ", expected, first, Math.min(endE, first + maxLines));
        append(b, "+ ", actual, first, Math.min(endA, first + maxLines));
        return b.toString();
    }

    private static void append(StringBuilder b, String mark, List<String> lines, int from, int to) {
        for (int i = from; i < to; i++) {
            b.append(mark).append(lines.get(i)).append('\n');
        }
    }
}
