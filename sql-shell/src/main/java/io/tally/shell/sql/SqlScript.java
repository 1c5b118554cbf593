package io.tally.shell.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts script text into commands: SQL statements ending at a {@code ;} that is outside quotes and
 * comments, and meta commands ({@code \d}, {@code .tables}) that start a statement and end at the
 * end of their line. Works incrementally: text after the last complete command is handed back as
 * the remainder so a reader can append the next line and try again.
 */
public final class SqlScript {
    private SqlScript() {}

    /** One command found in a script. */
    public record Command(Kind kind, String text, int line) {
        /** What a command is. */
        public enum Kind {
            SQL,
            META
        }
    }

    /**
     * The complete commands of a text and where the unfinished rest starts.
     *
     * @param commands complete commands in order
     * @param remainderStart offset of the first character not consumed (text length when all was)
     */
    public record Split(List<Command> commands, int remainderStart) {}

    /**
     * Splits {@code text}. When {@code endOfInput} is true, a trailing statement without {@code ;}
     * and a trailing meta command without a newline are complete too, so nothing remains.
     */
    public static Split split(String text, boolean endOfInput) {
        List<Command> commands = new ArrayList<>();
        int n = text.length();
        int stmtStart = -1;
        int i = 0;
        while (i < n) {
            SqlToken t = SqlLexer.tokenAt(text, i);
            if (stmtStart < 0) {
                if (t.kind().isTrivia()) {
                    if (!t.terminated() && !endOfInput) {
                        return new Split(commands, t.start());
                    }
                    i = t.end();
                    continue;
                }
                if (t.kind() == SqlToken.Kind.SEMICOLON) {
                    i = t.end();
                    continue;
                }
                if (isMetaStart(text, t)) {
                    int eol = text.indexOf('\n', t.start());
                    if (eol < 0 && !endOfInput) {
                        return new Split(commands, t.start());
                    }
                    int end = eol < 0 ? n : eol;
                    commands.add(
                            new Command(
                                    Command.Kind.META,
                                    metaText(text, t.start(), end),
                                    lineOf(text, t.start())));
                    i = eol < 0 ? n : eol + 1;
                    continue;
                }
                stmtStart = t.start();
            }
            if (t.kind() == SqlToken.Kind.SEMICOLON) {
                commands.add(sql(text, stmtStart, t.start()));
                stmtStart = -1;
            }
            i = t.end();
        }
        if (stmtStart < 0) {
            return new Split(commands, n);
        }
        if (!endOfInput) {
            return new Split(commands, stmtStart);
        }
        commands.add(sql(text, stmtStart, n));
        return new Split(commands, n);
    }

    /** Whether an interactive buffer holds only complete commands (so Enter should run it). */
    public static boolean isComplete(String buffer) {
        String text = buffer + "\n";
        return split(text, false).remainderStart() == text.length();
    }

    /** Splits a whole script, all of it complete. */
    public static List<Command> commands(String text) {
        return split(text, true).commands();
    }

    private static boolean isMetaStart(String text, SqlToken t) {
        if (t.kind() != SqlToken.Kind.SYMBOL) {
            return false;
        }
        char c = text.charAt(t.start());
        return c == '\\'
                || (c == '.'
                        && t.start() + 1 < text.length()
                        && Character.isLetter(text.charAt(t.start() + 1)));
    }

    private static String metaText(String text, int start, int end) {
        String line = text.substring(start, end).strip();
        while (line.endsWith(";")) {
            line = line.substring(0, line.length() - 1).strip();
        }
        return line;
    }

    private static Command sql(String text, int start, int end) {
        return new Command(
                Command.Kind.SQL, text.substring(start, end).strip(), lineOf(text, start));
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
