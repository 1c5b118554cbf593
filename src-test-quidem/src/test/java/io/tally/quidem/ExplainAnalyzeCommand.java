package io.tally.quidem;

import io.tally.metrics.ExplainMask;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import net.hydromatic.quidem.AbstractCommand;
import net.hydromatic.quidem.Command;
import net.hydromatic.quidem.CommandHandler;

/**
 * The Quidem command {@code !explain-analyze}: runs {@code EXPLAIN ANALYZE} of the previous SQL
 * statement and prints the text tree with timings, non-zero byte counts and percentages masked
 * ({@link ExplainMask}), so a script can assert plan shape, row counts and whether anything
 * spilled.
 */
final class ExplainAnalyzeCommand extends AbstractCommand {
    /** The command's name after {@code !}. */
    static final String NAME = "explain-analyze";

    /** Recognizes {@code !explain-analyze}; other lines are not Tally's commands. */
    static final CommandHandler HANDLER =
            (lines, content, line) ->
                    line.trim().equals(NAME) ? new ExplainAnalyzeCommand(lines, content) : null;

    private final List<String> lines;
    private final List<String> content;

    private ExplainAnalyzeCommand(List<String> lines, List<String> content) {
        this.lines = List.copyOf(lines);
        this.content = List.copyOf(content);
    }

    @Override
    public String describe(Command.Context x) {
        return commandName() + " [sql: " + x.previousSqlCommand().sql + "]";
    }

    @Override
    public void execute(Command.Context x, boolean execute) throws Exception {
        if (!execute) {
            x.echo(content);
            x.echo(lines);
            return;
        }
        StringBuilder out = new StringBuilder();
        try (Statement statement = x.connection().createStatement();
                ResultSet rs =
                        statement.executeQuery("EXPLAIN ANALYZE " + x.previousSqlCommand().sql)) {
            while (rs.next()) {
                out.append(ExplainMask.mask(rs.getString(1))).append('\n');
            }
        }
        if (out.length() == 0) {
            throw new AssertionError("EXPLAIN ANALYZE returned no rows");
        }
        x.writer().print(out);
        x.writer().flush();
        x.echo(lines);
    }
}
