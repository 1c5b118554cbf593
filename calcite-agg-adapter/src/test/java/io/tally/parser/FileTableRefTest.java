package io.tally.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** A string literal in FROM parses as {@code TABLE(read_file('path'))}, named after its stem. */
class FileTableRefTest {
    @Test
    void pathWithoutAliasIsNamedAfterItsStem() throws SqlParseException {
        assertEquals(
                "SELECT *\nFROM TABLE(`read_file`('data/orders.csv.gz')) AS `orders`",
                Parsing.tally("SELECT * FROM 'data/orders.csv.gz'").toString());
        assertEquals(
                "SELECT COUNT(*)\nFROM TABLE(`read_file`('x/*.csv')) AS `file`\nWHERE `A` = 1",
                Parsing.tally("SELECT COUNT(*) FROM 'x/*.csv' WHERE a = 1").toString());
    }

    @Test
    void aliasAfterPathWins() throws SqlParseException {
        assertEquals(
                "SELECT `O`.`ID`\nFROM TABLE(`read_file`('orders.csv')) AS `O`",
                Parsing.tally("SELECT o.id FROM 'orders.csv' AS o").toString());
        assertEquals(
                "SELECT *\nFROM TABLE(`read_file`('a.csv')) AS `a`\n"
                        + "INNER JOIN TABLE(`read_file`('b.csv')) AS `X` ON `A`.`K` = `X`.`K`",
                Parsing.tally("SELECT * FROM 'a.csv' JOIN 'b.csv' x ON a.k = x.k").toString());
    }
}
