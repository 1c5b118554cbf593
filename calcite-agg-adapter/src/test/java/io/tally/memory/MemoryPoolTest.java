package io.tally.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * Query pools inside a server-wide pool: all-or-nothing reservations, refusals naming the limit.
 */
class MemoryPoolTest {
    @Test
    void childReservesInParentToo() {
        MemoryPool server = new MemoryPool(ServerMemory.SETTING, 100, null);
        MemoryPool a = new MemoryPool(MemoryPool.QUERY_LIMIT, 80, server);
        MemoryPool b = new MemoryPool(MemoryPool.QUERY_LIMIT, 80, server);
        assertTrue(a.tryReserve(60));
        assertEquals(60, server.reserved());
        assertFalse(b.tryReserve(50), "only 40 bytes are left server-wide");
        assertSame(server, b.refusedBy());
        assertEquals(0, b.reserved(), "a refused reservation takes nothing");
        assertEquals(60, server.reserved(), "and nothing from the other query");
        assertFalse(a.tryReserve(21));
        assertSame(a, a.refusedBy(), "a's own memory_limit refused first");
        assertTrue(b.tryReserve(40));
        a.release(60);
        assertEquals(40, server.reserved());
        assertTrue(b.tryReserve(40));
        b.release(80);
        assertEquals(0, server.reserved());
        assertEquals(100, server.peak());
    }

    @Test
    void refusalErrorNamesServerMemoryLimit() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool server = new MemoryPool(ServerMemory.SETTING, 1 << 20, null);
            MemoryPool other = new MemoryPool(MemoryPool.QUERY_LIMIT, 1 << 30, server);
            assertTrue(other.tryReserve(3 << 18));
            try (OperatorMemory mem =
                    new OperatorMemory(
                            "Agg#7",
                            root,
                            new MemoryPool(MemoryPool.QUERY_LIMIT, 1 << 30, server))) {
                MemoryLimitExceededException e =
                        assertThrows(
                                MemoryLimitExceededException.class, () -> mem.reserve(1 << 19));
                assertEquals(
                        "Operator Agg#7 exceeded server_memory_limit 1.0 MiB: needed 512.0 KiB more"
                                + " (reserved by all queries 768.0 KiB)",
                        e.getMessage());
                mem.reserve(1 << 18);
            }
            assertEquals(
                    3 << 18,
                    server.reserved(),
                    "closing an operator returns its bytes server-wide");
            other.release(3 << 18);
        }
    }

    @Test
    void concurrentQueriesNeverOverbookTheServer() throws Exception {
        MemoryPool server = new MemoryPool(ServerMemory.SETTING, 1000, null);
        int threads = 4;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        long[] maxSeen = new long[1];
        for (int t = 0; t < threads; t++) {
            MemoryPool query = new MemoryPool(MemoryPool.QUERY_LIMIT, 600, server);
            Thread w =
                    new Thread(
                            () -> {
                                try {
                                    start.await();
                                } catch (InterruptedException e) {
                                    return;
                                }
                                for (int i = 0; i < 20_000; i++) {
                                    long n = 1 + i % 97;
                                    if (query.tryReserve(n)) {
                                        long now = server.reserved();
                                        synchronized (maxSeen) {
                                            maxSeen[0] = Math.max(maxSeen[0], now);
                                        }
                                        query.release(n);
                                    }
                                }
                            });
            workers.add(w);
            w.start();
        }
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        assertEquals(0, server.reserved());
        assertTrue(server.peak() <= 1000 && maxSeen[0] <= 1000, "peak " + server.peak());
    }

    @Test
    void serverMemoryIsOptionalAndReplaceable() {
        MemoryPool before = ServerMemory.pool();
        try {
            MemoryPool p = ServerMemory.setLimit(ByteSize.parse("2GB"));
            assertSame(p, ServerMemory.pool());
            assertEquals(2L << 30, p.limit());
            assertEquals(ServerMemory.SETTING, p.limitName());
            assertEquals(null, ServerMemory.setLimit(0));
        } finally {
            ServerMemory.setLimit(before == null ? 0 : before.limit());
        }
    }
}
