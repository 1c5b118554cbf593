package io.tally.shell.interactive;

import io.tally.shell.sql.SqlLexer;
import io.tally.shell.sql.SqlScript;
import java.util.ArrayList;
import java.util.List;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;

/**
 * JLine parser for SQL: Enter runs the buffer only when every statement in it is finished with
 * {@code ;} (or it is a meta command or {@code exit}/{@code quit}); otherwise the shell asks for a
 * continuation line. Words for completion are runs of identifier characters, dots and backslashes.
 */
public final class SqlLineParser implements Parser {

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE
                && !SqlScript.isComplete(line)
                && !InteractiveShell.isQuitWord(line)) {
            throw new EOFError(-1, -1, "statement not finished with ;", ";");
        }
        List<String> words = new ArrayList<>();
        int wordIndex = -1;
        int wordCursor = 0;
        int i = 0;
        while (i <= line.length()) {
            int start = i;
            while (i < line.length() && isWordChar(line.charAt(i))) {
                i++;
            }
            if (wordIndex < 0 && cursor >= start && cursor <= i) {
                wordIndex = words.size();
                wordCursor = cursor - start;
            }
            if (i > start || wordIndex == words.size()) {
                words.add(line.substring(start, i));
            }
            i++;
        }
        if (wordIndex < 0) {
            wordIndex = words.size();
            words.add("");
        }
        return new SqlParsedLine(line, cursor, words, wordIndex, wordCursor);
    }

    /**
     * Characters that belong to a completable word: identifier characters, {@code .} and {@code \}.
     */
    static boolean isWordChar(char c) {
        return SqlLexer.isWordPart(c) || c == '.' || c == '\\' || c == '?';
    }
}
