package io.tally.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.trino.tpch.GenerateUtils;
import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineitemGeneratorTest {
    private static final double SF = 0.01;

    @TempDir Path dir;

    @Test
    void everyRowMatchesTpchGeneratorWithProperTypes() throws IOException {
        Path path = dir.resolve("lineitem.arrow");
        long written = new LineitemGenerator(SF).writeArrow(path);
        TestTables.Table table = TestTables.readArrow(path);
        Iterator<LineItem> expected = new LineItemGenerator(SF, 1, 1).iterator();
        long count = 0;
        for (Object[] row : table.rows()) {
            LineItem item = expected.next();
            Object[] want = {
                item.getOrderKey(),
                item.getPartKey(),
                item.getSupplierKey(),
                item.getLineNumber(),
                BigDecimal.valueOf(item.getQuantity()).setScale(2),
                BigDecimal.valueOf(item.getExtendedPriceInCents(), 2),
                new BigDecimal(String.format("%.2f", item.getDiscount())),
                new BigDecimal(String.format("%.2f", item.getTax())),
                item.getReturnFlag(),
                item.getStatus(),
                LocalDate.parse(GenerateUtils.formatDate(item.getShipDate())),
                LocalDate.parse(GenerateUtils.formatDate(item.getCommitDate())),
                LocalDate.parse(GenerateUtils.formatDate(item.getReceiptDate())),
                item.getShipInstructions(),
                item.getShipMode(),
                item.getComment()
            };
            assertEquals(List.of(want), List.of(row), "row " + count);
            count++;
        }
        assertEquals(false, expected.hasNext(), "tpch generator has more rows than the file");
        assertEquals(count, written);
        assertEquals(
                new ArrowType.Decimal(15, 2, 128),
                table.schema().findField("l_extendedprice").getType());
        assertEquals(
                new ArrowType.Date(DateUnit.DAY), table.schema().findField("l_shipdate").getType());
        assertEquals(new ArrowType.Int(64, true), table.schema().findField("l_orderkey").getType());
        assertEquals(
                new ArrowType.Int(32, true), table.schema().findField("l_linenumber").getType());
    }

    @Test
    void limitRowsCutsTheTable() throws IOException {
        Path path = dir.resolve("sample.arrow");
        assertEquals(100, new LineitemGenerator(SF).limitRows(100).writeArrow(path));
        assertEquals(100, TestTables.readArrow(path).rows().size());
    }
}
