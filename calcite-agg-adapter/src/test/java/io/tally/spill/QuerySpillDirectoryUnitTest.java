package io.tally.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Operators of one query spill into subdirectories of one query directory, gone with the last. */
class QuerySpillDirectoryUnitTest {
    private static final Schema SCHEMA =
            new Schema(List.of(Field.nullable("k", new ArrowType.Int(64, true))));

    @Test
    void subdirectoriesShareTheQueryDirectoryWhichGoesWithTheLast(@TempDir Path base)
            throws Exception {
        QuerySpillDirectory query = new QuerySpillDirectory(base);
        SpillOptions options = SpillOptions.defaults().withDir(base.toString());
        int liveBefore = QuerySpillDirectory.liveCount();
        try (BufferAllocator allocator = new RootAllocator()) {
            SpillDirectory a = new SpillDirectory(query, options, "agg#1", new SpillCounters());
            SpillDirectory b = new SpillDirectory(query, options, "agg#2", new SpillCounters());
            assertNull(query.path(), "nothing is created before the first spill");
            Path fa;
            Path fb;
            try (SpillWriter w = a.newFile("p0", SCHEMA, allocator)) {
                fa = w.file();
            }
            try (SpillWriter w = b.newFile("p0", SCHEMA, allocator)) {
                fb = w.file();
            }
            Path dir = query.path();
            assertEquals(dir, fa.getParent().getParent());
            assertEquals(dir, fb.getParent().getParent());
            assertTrue(fa.getParent().getFileName().toString().endsWith("agg_1"), fa.toString());
            assertEquals(liveBefore + 1, QuerySpillDirectory.liveCount());
            a.close();
            assertFalse(Files.exists(fa.getParent()));
            assertTrue(Files.exists(fb), "the other operator's files stay");
            b.close();
            assertFalse(Files.exists(dir), "the query directory goes with its last operator");
            assertEquals(liveBefore, QuerySpillDirectory.liveCount());
            query.close();
        }
    }
}
