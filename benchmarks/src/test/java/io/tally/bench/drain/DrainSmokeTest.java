package io.tally.bench.drain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.datasets.DrainGenerator.KeyKind;
import io.tally.exec.AggregateConfig.EmitMode;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The {@code bench drain --test} code path, run by {@code mvn verify}, plus the check it relies on.
 */
class DrainSmokeTest {
    @Test
    void smokeRunGivesOneRowPerGroupForEveryShape() {
        List<DrainResult> results =
                DrainBench.run(
                        new DrainBench.Plan(
                                List.of(DrainCommand.SMOKE_GROUPS),
                                Arrays.asList(KeyKind.values()),
                                Arrays.asList(DrainAgg.values()),
                                List.of(EmitMode.BLOCKED, EmitMode.ALL),
                                true,
                                0),
                        line -> {});
        assertEquals(KeyKind.values().length * DrainAgg.values().length * 2, results.size());
        for (DrainResult r : results) {
            assertEquals(DrainCommand.SMOKE_GROUPS, r.outputRows(), r.toString());
            assertTrue(r.peakLive() > 0 && r.peakPool() > 0, r.toString());
            assertTrue(r.trace().nanos().length > 0, r.toString());
            if (r.emit() == EmitMode.ALL) {
                assertEquals(1, r.outputBatches(), "emit=all hands out one batch");
            }
        }
    }

    @Test
    void commandTestFlagExitsZero() {
        assertEquals(
                0,
                new CommandLine(new DrainCommand()).execute("--test", "--keys", "int64,liststr"));
    }

    @Test
    void checkRejectsDuplicateAndMissingGroups() {
        try (BufferAllocator a = new RootAllocator();
                VectorSchemaRoot out =
                        VectorSchemaRoot.create(
                                new Schema(
                                        List.of(
                                                Field.nullable("k", new ArrowType.Int(64, true)),
                                                Field.nullable(
                                                        "s",
                                                        new ArrowType.FloatingPoint(
                                                                FloatingPointPrecision.DOUBLE)))),
                                a)) {
            out.allocateNew();
            ((BigIntVector) out.getVector(0)).setSafe(0, 1);
            ((Float8Vector) out.getVector(1)).setSafe(0, 1);
            ((BigIntVector) out.getVector(0)).setSafe(1, 1);
            ((Float8Vector) out.getVector(1)).setSafe(1, 1);
            out.setRowCount(2);
            OutputCheck dup = new OutputCheck(KeyKind.INT64, 2, true);
            assertThrows(IllegalStateException.class, () -> dup.accept(out));
            out.setRowCount(1);
            OutputCheck missing = new OutputCheck(KeyKind.INT64, 2, true);
            missing.accept(out);
            assertThrows(IllegalStateException.class, missing::verify);
        }
    }

    @Test
    void expectedSumMatchesLoop() {
        for (long groups : new long[] {1, 5, 1023, 1024, 1025, 5000}) {
            long s = 0;
            for (long i = 0; i < groups; i++) {
                s += i % 1024;
            }
            assertEquals((double) s, OutputCheck.expectedSum(groups), "groups " + groups);
        }
    }

    @Test
    void plotHasOnePanelPerShapeAndBothModes() {
        List<DrainResult> results =
                DrainBench.run(
                        new DrainBench.Plan(
                                List.of(500L),
                                List.of(KeyKind.UTF8),
                                List.of(DrainAgg.SUM),
                                List.of(EmitMode.BLOCKED, EmitMode.ALL),
                                false,
                                100),
                        line -> {});
        String svg = SvgPlot.render(results, "machine: test");
        assertTrue(svg.startsWith("<svg"), svg);
        assertTrue(svg.contains("500 groups, key utf8, agg sum"), svg);
        assertEquals(4, svg.split("<polyline").length - 1, "pool + live for each of two modes");
        assertTrue(svg.trim().endsWith("</svg>"));
    }
}
