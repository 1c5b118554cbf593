package io.tally.exec.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * Word-wise tails of {@link Hashing#hashBytes} and {@link Hashing#equalBytes} against byte-wise
 * references.
 */
class HashingTest {
    @Test
    void paddedAndUnpaddedArraysHashAlike() {
        Random random = new Random(7);
        for (int len = 0; len <= 40; len++) {
            for (int from = 0; from < 9; from++) {
                byte[] exact = new byte[from + len];
                random.nextBytes(exact);
                byte[] padded = Arrays.copyOf(exact, exact.length + Hashing.TAIL_PAD);
                random.nextBytes(padded);
                System.arraycopy(exact, 0, padded, 0, exact.length); // garbage only after the value
                assertEquals(
                        Hashing.hashBytes(exact, from, from + len),
                        Hashing.hashBytes(padded, from, from + len),
                        "len " + len + " from " + from);
            }
        }
    }

    @Test
    void equalBytesMatchesArraysEquals() {
        Random random = new Random(11);
        try (BufferAllocator root = new RootAllocator();
                ArrowBuf buf = root.buffer(256)) {
            for (int trial = 0; trial < 5000; trial++) {
                int len = random.nextInt(33);
                int from = random.nextInt(5);
                int at = random.nextInt(100);
                byte[] stored = new byte[len];
                random.nextBytes(stored);
                byte[] filler = new byte[256];
                random.nextBytes(filler);
                buf.setBytes(0, filler);
                buf.setBytes(at, stored);
                boolean padded = random.nextBoolean();
                byte[] input = new byte[from + len + (padded ? Hashing.TAIL_PAD : 0)];
                random.nextBytes(input);
                System.arraycopy(stored, 0, input, from, len);
                if (len > 0 && random.nextBoolean()) {
                    input[from + random.nextInt(len)] ^= (byte) (1 + random.nextInt(255));
                }
                boolean expected = Arrays.equals(input, from, from + len, stored, 0, len);
                assertEquals(
                        expected,
                        Hashing.equalBytes(input, from, buf.memoryAddress() + at, len),
                        "trial " + trial + " len " + len);
            }
        }
    }
}
