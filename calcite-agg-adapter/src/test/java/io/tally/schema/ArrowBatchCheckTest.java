package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.junit.jupiter.api.Test;

/**
 * {@link ArrowBatchCheck} on hand-made record batches: what other writers produce (Arrow C++ omits
 * the validity bitmap of a column without nulls) loads, and a batch whose counts or buffers do not
 * fit its rows is refused with the column named.
 */
class ArrowBatchCheckTest {
    private static final int ROWS = 3;

    @Test
    void omittedValidityOfAColumnWithoutNullsLoads() {
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot source = sample(allocator);
                VectorSchemaRoot target = VectorSchemaRoot.create(source.getSchema(), allocator)) {
            try (ArrowRecordBatch batch = withoutValidity(allocator, source, 0)) {
                ArrowRecordBatch checked =
                        ArrowBatchCheck.check(
                                batch, source.getSchema().getFields(), allocator, Map.of());
                assertSame(batch, checked);
                new VectorLoader(target).load(checked);
            }
            assertEquals(ROWS, target.getRowCount());
            IntVector ids = (IntVector) target.getVector("id");
            VarCharVector names = (VarCharVector) target.getVector("name");
            for (int r = 0; r < ROWS; r++) {
                assertEquals(r * 10, ids.get(r));
                assertEquals("n" + r, new String(names.get(r), StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void nullsWithoutValidityAreRefused() {
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot source = sample(allocator)) {
            ArrowRecordBatch batch = withoutValidity(allocator, source, 1);
            IllegalArgumentException e =
                    assertThrows(
                            IllegalArgumentException.class,
                            () ->
                                    ArrowBatchCheck.check(
                                            batch,
                                            source.getSchema().getFields(),
                                            allocator,
                                            Map.of()));
            assertTrue(
                    e.getMessage().contains("'id'")
                            && e.getMessage().contains("no validity bitmap"),
                    e.getMessage());
        }
    }

    @Test
    void anEmptyDataBufferIsRefused() {
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot source = sample(allocator)) {
            ArrowRecordBatch batch = emptied(allocator, source, 1); // id's values
            IllegalArgumentException e =
                    assertThrows(
                            IllegalArgumentException.class,
                            () ->
                                    ArrowBatchCheck.check(
                                            batch,
                                            source.getSchema().getFields(),
                                            allocator,
                                            Map.of()));
            assertTrue(
                    e.getMessage().contains("'id'") && e.getMessage().contains("0 bytes"),
                    e.getMessage());
        }
    }

    private static VectorSchemaRoot sample(BufferAllocator allocator) {
        IntVector ids = new IntVector("id", allocator);
        VarCharVector names = new VarCharVector("name", allocator);
        ids.allocateNew(ROWS);
        names.allocateNew(ROWS);
        for (int r = 0; r < ROWS; r++) {
            ids.set(r, r * 10);
            names.setSafe(r, ("n" + r).getBytes(StandardCharsets.UTF_8));
        }
        VectorSchemaRoot root = VectorSchemaRoot.of(ids, names);
        root.setRowCount(ROWS);
        return root;
    }

    /**
     * The batch of {@code root} with column id's validity buffer empty, its node saying {@code
     * nulls}.
     */
    private static ArrowRecordBatch withoutValidity(
            BufferAllocator allocator, VectorSchemaRoot root, int nulls) {
        try (ArrowRecordBatch original = new VectorUnloader(root).getRecordBatch()) {
            List<ArrowFieldNode> nodes = new ArrayList<>(original.getNodes());
            nodes.set(0, new ArrowFieldNode(ROWS, nulls));
            List<ArrowBuf> buffers = new ArrayList<>(original.getBuffers());
            buffers.set(0, allocator.getEmpty());
            return new ArrowRecordBatch(ROWS, nodes, buffers);
        }
    }

    /** The batch of {@code root} with buffer {@code index} empty. */
    private static ArrowRecordBatch emptied(
            BufferAllocator allocator, VectorSchemaRoot root, int index) {
        try (ArrowRecordBatch original = new VectorUnloader(root).getRecordBatch()) {
            List<ArrowBuf> buffers = new ArrayList<>(original.getBuffers());
            buffers.set(index, allocator.getEmpty());
            return new ArrowRecordBatch(ROWS, original.getNodes(), buffers);
        }
    }
}
