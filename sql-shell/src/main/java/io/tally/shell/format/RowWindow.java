package io.tally.shell.format;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the first and last rows of a result of any length in bounded memory: the first {@code
 * ceil(max / 2)} rows and a ring of the last {@code floor(max / 2)}; counts the rest. With {@code
 * max == 0} it keeps every row.
 */
final class RowWindow {
    private final int headLimit;
    private final int tailLimit;
    private final List<String[]> head = new ArrayList<>();
    private final ArrayDeque<String[]> tail = new ArrayDeque<>();
    private long total;

    RowWindow(int max) {
        this.headLimit = max == 0 ? Integer.MAX_VALUE : (max + 1) / 2;
        this.tailLimit = max / 2;
    }

    void add(String[] row) {
        total++;
        if (head.size() < headLimit) {
            head.add(row);
            return;
        }
        if (tailLimit == 0) {
            return;
        }
        if (tail.size() == tailLimit) {
            tail.removeFirst();
        }
        tail.addLast(row);
    }

    List<String[]> head() {
        return head;
    }

    List<String[]> tail() {
        return new ArrayList<>(tail);
    }

    long total() {
        return total;
    }

    long hidden() {
        return total - head.size() - tail.size();
    }
}
