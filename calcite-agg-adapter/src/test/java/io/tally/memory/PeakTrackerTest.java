package io.tally.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A {@link PeakTracker} shared by several {@link OperatorMemory} contexts of one operator. */
class PeakTrackerTest {
    @RegisterExtension final CheckedAllocator root = new CheckedAllocator();

    @Test
    void peakIsWhatTheContextsHeldAtTheSameTimeNotTheSumOfTheirPeaks() {
        MemoryPool pool = new MemoryPool(1000);
        PeakTracker shared = new PeakTracker();
        try (OperatorMemory a = new OperatorMemory("Agg.partial0", root.get(), pool, shared);
                OperatorMemory b = new OperatorMemory("Agg.final0", root.get(), pool, shared)) {
            a.reserve(300);
            b.reserve(200);
            a.release(300); // a's peak (300) is over before b's (600)
            b.reserve(400);
            assertEquals(600, shared.current());
            assertEquals(600, shared.peak());
            assertEquals(900, a.reservedPeak() + b.reservedPeak());
            assertTrue(shared.peak() <= pool.peak());
            b.release(600);
            assertEquals(0, shared.current());
            assertEquals(600, shared.peak());
        }
        assertEquals(0, pool.reserved());
    }

    @Test
    void followsHoldsSharesBuffersAndClose() {
        MemoryPool pool = new MemoryPool(1 << 20);
        PeakTracker shared = new PeakTracker();
        try (OperatorMemory untracked = new OperatorMemory("Other", root.get(), pool);
                OperatorMemory a = new OperatorMemory("Agg.exchange0", root.get(), pool, shared)) {
            untracked.reserve(5000); // another operator of the query: not this one's
            assertTrue(a.tryHold(4096));
            ArrowBuf buf = a.allocate(4096); // taken from the hold: reserved now
            a.releaseHold();
            assertEquals(a.reserved(), shared.current());
            long share = a.reserveShare(1000, 1);
            assertEquals(a.reserved(), shared.current());
            a.release(share);
            a.keepReleased(4096);
            a.free(buf); // joins the hold: no longer reserved by the operator
            assertEquals(0, shared.current());
            a.reserve(100);
            assertEquals(4096 + share, shared.peak());
        } // close releases the 100 still reserved
        assertEquals(0, shared.current());
        assertEquals(0, pool.reserved());
    }
}
