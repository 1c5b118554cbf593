package io.tally.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The bench commands' shared options: one {@code --out} where tables are written, the same help.
 */
class BenchOptionsTest {
    private static final List<String> TABLE_COMMANDS = List.of("drain", "groupby", "h2o", "spill");

    @Test
    void everyTablePrintingCommandTakesTheSameOutOption() {
        Map<String, CommandLine> commands = new CommandLine(new BenchMain()).getSubcommands();
        for (String name : TABLE_COMMANDS) {
            OptionSpec out = commands.get(name).getCommandSpec().findOption("--out");
            assertNotNull(out, name + " has no --out");
            assertNull(out.defaultValue(), name);
            assertEquals(
                    List.of("also write the tables to FILE (.csv, .md, else text)"),
                    List.of(out.description()),
                    name);
        }
    }

    @Test
    void helpOfEveryCommandListsItsOptions() {
        for (Map.Entry<String, CommandLine> c :
                new CommandLine(new BenchMain()).getSubcommands().entrySet()) {
            String usage = c.getValue().getUsageMessage(CommandLine.Help.Ansi.OFF);
            assertTrue(usage.startsWith("Usage: tally bench " + c.getKey()), usage);
            assertTrue(usage.contains("--help"), usage);
            if (TABLE_COMMANDS.contains(c.getKey())) {
                assertTrue(usage.contains("--out=<out>"), usage);
            }
        }
    }
}
