package io.tally.shell.interactive;

import io.tally.shell.sql.SqlKeywords;
import io.tally.shell.sql.SqlLexer;
import io.tally.shell.sql.SqlToken;
import org.jline.reader.Highlighter;
import org.jline.reader.LineReader;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * Colors the input buffer: keywords bold blue, functions cyan, strings green, numbers yellow,
 * comments dim, meta commands magenta.
 */
public final class SqlHighlighter implements Highlighter {
    private static final AttributedStyle KEYWORD =
            AttributedStyle.BOLD.foreground(AttributedStyle.BLUE);
    private static final AttributedStyle FUNCTION =
            AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN);
    private static final AttributedStyle STRING =
            AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN);
    private static final AttributedStyle NUMBER =
            AttributedStyle.DEFAULT.foreground(AttributedStyle.YELLOW);
    private static final AttributedStyle COMMENT = AttributedStyle.DEFAULT.faint();
    private static final AttributedStyle META =
            AttributedStyle.DEFAULT.foreground(AttributedStyle.MAGENTA);

    @Override
    public AttributedString highlight(LineReader reader, String buffer) {
        return highlight(buffer);
    }

    /** The styled buffer. */
    public AttributedString highlight(String buffer) {
        AttributedStringBuilder sb = new AttributedStringBuilder();
        String trimmed = buffer.stripLeading();
        if (trimmed.startsWith("\\")
                || (trimmed.startsWith(".")
                        && trimmed.length() > 1
                        && Character.isLetter(trimmed.charAt(1)))) {
            return sb.styled(META, buffer).toAttributedString();
        }
        for (SqlToken t : SqlLexer.tokenize(buffer)) {
            sb.styled(style(t, buffer), t.text(buffer));
        }
        return sb.toAttributedString();
    }

    private static AttributedStyle style(SqlToken t, String buffer) {
        switch (t.kind()) {
            case WORD:
                {
                    String w = t.text(buffer);
                    if (SqlKeywords.isKeyword(w)) {
                        return KEYWORD;
                    }
                    return SqlKeywords.isFunction(w) ? FUNCTION : AttributedStyle.DEFAULT;
                }
            case STRING:
                return STRING;
            case NUMBER:
                return NUMBER;
            case LINE_COMMENT:
            case BLOCK_COMMENT:
                return COMMENT;
            default:
                return AttributedStyle.DEFAULT;
        }
    }
}
