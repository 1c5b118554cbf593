package io.tally.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test's own Arrow root allocator, as a JUnit extension ({@code @RegisterExtension} on an
 * instance field): after each test it fails on any byte still allocated, then closes.
 */
public final class CheckedAllocator implements AfterEachCallback {
    private final BufferAllocator allocator = new RootAllocator();

    /** The allocator the test allocates from. */
    public BufferAllocator get() {
        return allocator;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        try {
            assertEquals(0, allocator.getAllocatedMemory(), "Arrow bytes left allocated");
        } finally {
            allocator.close();
        }
    }
}
