package io.tally.bench.groupby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The groupby table covers every group evenly, and the command's answers agree end to end. */
class GroupBySmokeTest {
    @Test
    void everyGroupGetsItsShareOfRows() {
        GroupByDataset d = new GroupByDataset(GroupByDataset.Key.INT64, 100, 1050);
        Map<Long, Integer> counts = new HashMap<>();
        try (RootAllocator a = new RootAllocator();
                var gen = d.open(a);
                VectorSchemaRoot root = VectorSchemaRoot.create(d.schema(), a)) {
            root.allocateNew();
            while (gen.fill(root)) {
                BigIntVector k = (BigIntVector) root.getVector(0);
                for (int i = 0; i < root.getRowCount(); i++) {
                    counts.merge(k.get(i), 1, Integer::sum);
                }
            }
        }
        assertEquals(100, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 10 || c == 11), counts.toString());
    }

    @Test
    void commandRunsBothEnginesAndTheyAgree(@TempDir Path dir) {
        int rc =
                new CommandLine(new GroupByCommand())
                        .execute(
                                "--rows",
                                "2000",
                                "--groups",
                                "10,2000",
                                "--runs",
                                "1",
                                "--data-dir",
                                dir.toString(),
                                "--out",
                                dir.resolve("out.csv").toString());
        assertEquals(0, rc, "exit code 0 means Tally and aggregate=calcite gave the same answers");
        assertTrue(Files.exists(dir.resolve("arrow").resolve("groupby_utf8_2000_2000.arrow")));
    }
}
