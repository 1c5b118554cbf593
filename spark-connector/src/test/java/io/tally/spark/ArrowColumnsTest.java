package io.tally.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.EngineMemory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow IPC columns beyond CSV's types: a list of strings reaches Spark as an array (NULL lists and
 * NULL items kept), filters stay in Spark on such a table, and a TIME column is refused by name
 * when the files are loaded.
 */
class ArrowColumnsTest {
    @TempDir static Path dir;

    @AfterAll
    static void noArrowMemoryLeft() {
        assertEquals(0, EngineMemory.root().getAllocatedMemory(), "bytes still allocated");
    }

    @Test
    void listsOfStringsAreSparkArrays() throws IOException {
        Path file = dir.resolve("tags.arrow");
        Field item = new Field("item", FieldType.nullable(ArrowType.Utf8.INSTANCE), null);
        Schema schema =
                new Schema(
                        List.of(
                                new Field("k", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
                                new Field(
                                        "tags",
                                        FieldType.nullable(ArrowType.List.INSTANCE),
                                        List.of(item)),
                                new Field(
                                        "n",
                                        FieldType.nullable(new ArrowType.Int(64, true)),
                                        null)));
        String[][] tags = {{"a", "b"}, null, {}, {"c", null, "d"}};
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            VarCharVector k = (VarCharVector) root.getVector("k");
            ListVector list = (ListVector) root.getVector("tags");
            BigIntVector n = (BigIntVector) root.getVector("n");
            UnionListWriter writer = list.getWriter();
            for (int r = 0; r < tags.length; r++) {
                k.setSafe(r, ("k" + (r % 2)).getBytes(StandardCharsets.UTF_8));
                n.setSafe(r, r);
                writer.setPosition(r);
                if (tags[r] != null) {
                    writer.startList();
                    for (String t : tags[r]) {
                        if (t == null) {
                            writer.writeNull();
                        } else {
                            writer.varChar().writeVarChar(t);
                        }
                    }
                    writer.endList();
                }
            }
            root.setRowCount(tags.length);
            try (FileChannel out =
                            FileChannel.open(
                                    file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                    ArrowFileWriter w = new ArrowFileWriter(root, null, out)) {
                w.start();
                w.writeBatch();
                w.end();
            }
        }
        SparkSession spark = SparkSessions.local();
        Dataset<Row> t = spark.read().format("tally").load(file.toString());
        assertEquals("struct<k:string,tags:array<string>,n:bigint>", t.schema().simpleString());
        List<Row> rows = t.orderBy("n").collectAsList();
        assertEquals(List.of("a", "b"), rows.get(0).getList(1));
        assertTrue(rows.get(1).isNullAt(1));
        assertEquals(List.of(), rows.get(2).getList(1));
        assertEquals(Arrays.asList("c", null, "d"), rows.get(3).getList(1));
        Dataset<Row> filtered = t.filter("n > 1").groupBy("k").count();
        String plan = filtered.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("(none pushed: column tags is VARCHAR ARRAY"), plan);
        assertEquals(2, filtered.collectAsList().size());
    }

    @Test
    void timeColumnsAreRefusedByName() throws IOException {
        Path file = dir.resolve("times.arrow");
        Schema schema =
                new Schema(
                        List.of(
                                new Field(
                                        "at",
                                        FieldType.nullable(
                                                new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
                                        null)));
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            ((TimeMilliVector) root.getVector(0)).setSafe(0, 1000);
            root.setRowCount(1);
            try (FileChannel out =
                            FileChannel.open(
                                    file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                    ArrowFileWriter w = new ArrowFileWriter(root, null, out)) {
                w.start();
                w.writeBatch();
                w.end();
            }
        }
        Exception e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> SparkSessions.local().read().format("tally").load(file.toString()));
        assertTrue(
                e.getMessage()
                        .contains(file + ": column 'at' is TIME, which has no Spark SQL type"),
                e.getMessage());
    }
}
