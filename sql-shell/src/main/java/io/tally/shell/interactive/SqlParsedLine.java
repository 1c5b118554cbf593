package io.tally.shell.interactive;

import java.util.List;
import org.jline.reader.CompletingParsedLine;

/**
 * A line as {@link SqlLineParser} cut it into words: the word under the cursor is what completion
 * replaces.
 */
final class SqlParsedLine implements CompletingParsedLine {
    private final String line;
    private final int cursor;
    private final List<String> words;
    private final int wordIndex;
    private final int wordCursor;

    SqlParsedLine(String line, int cursor, List<String> words, int wordIndex, int wordCursor) {
        this.line = line;
        this.cursor = cursor;
        this.words = words;
        this.wordIndex = wordIndex;
        this.wordCursor = wordCursor;
    }

    @Override
    public String word() {
        return words.get(wordIndex);
    }

    @Override
    public int wordCursor() {
        return wordCursor;
    }

    @Override
    public int wordIndex() {
        return wordIndex;
    }

    @Override
    public List<String> words() {
        return words;
    }

    @Override
    public String line() {
        return line;
    }

    @Override
    public int cursor() {
        return cursor;
    }

    @Override
    public CharSequence escape(CharSequence candidate, boolean complete) {
        return candidate;
    }

    @Override
    public int rawWordCursor() {
        return wordCursor;
    }

    @Override
    public int rawWordLength() {
        return word().length();
    }
}
