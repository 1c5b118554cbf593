package io.tally.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;

/**
 * Makes corrupted copies of a file, reproducibly from a seeded {@link Random}: flipped bits, random
 * bytes, lengths and offsets overwritten with edge values, truncation, zeroed tails and ranges,
 * scattered changes, and inserted or deleted bytes. Half of the positions are drawn from the file's
 * "hot" positions (for Arrow: metadata, lengths, offsets, bitmaps), so that structure is hit far
 * more often than its share of the bytes.
 */
final class Corruptor {
    /** Values written over a 4- or 8-byte word: edges a length or offset must be checked for. */
    private static final long[] EDGES = {
        0,
        1,
        -1,
        7,
        8,
        63,
        64,
        Integer.MAX_VALUE,
        Integer.MIN_VALUE,
        0xFFFF,
        1L << 32,
        Long.MAX_VALUE,
        Long.MIN_VALUE
    };

    /** How many times a draw that leaves the file unchanged is retried. */
    private static final int RETRIES = 20;

    /**
     * One corrupted copy.
     *
     * @param description what was done, for the report
     * @param bytes the corrupted content
     */
    record Corruption(String description, byte[] bytes) {}

    private final Random random;
    private final byte[] original;
    private final int[] hot;

    /** {@code hot} lists positions worth hitting more often (may be empty). */
    Corruptor(long seed, byte[] original, int[] hot) {
        this.random = new Random(seed);
        this.original = original;
        this.hot = hot;
    }

    Corruption next() {
        for (int attempt = 0; attempt < RETRIES; attempt++) {
            Corruption c = draw();
            if (!Arrays.equals(c.bytes(), original)) {
                return c;
            }
        }
        throw new IllegalStateException("no corruption changed the file");
    }

    private Corruption draw() {
        byte[] b = original.clone();
        int kind = random.nextInt(8);
        int at = position();
        switch (kind) {
            case 0:
                {
                    int bit = random.nextInt(8);
                    b[at] ^= (byte) (1 << bit);
                    return new Corruption("flip bit " + bit + " at " + at, b);
                }
            case 1:
                {
                    int n = 1 + random.nextInt(8);
                    for (int i = at; i < Math.min(b.length, at + n); i++) {
                        b[i] = (byte) random.nextInt(256);
                    }
                    return new Corruption("random " + n + " bytes at " + at, b);
                }
            case 2:
                {
                    int width = random.nextBoolean() ? 4 : 8;
                    int word = Math.max(0, Math.min(b.length - width, at & -width));
                    ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
                    long old = width == 4 ? le.getInt(word) : le.getLong(word);
                    long value = edge(old);
                    if (width == 4) {
                        le.putInt(word, (int) value);
                    } else {
                        le.putLong(word, value);
                    }
                    return new Corruption(
                            width + "-byte word at " + word + ": " + old + " -> " + value, b);
                }
            case 3:
                {
                    int length = random.nextInt(original.length);
                    return new Corruption(
                            "truncate to " + length + " bytes", Arrays.copyOf(b, length));
                }
            case 4:
                Arrays.fill(b, at, b.length, (byte) 0);
                return new Corruption("zero tail from " + at, b);
            case 5:
                {
                    int n = 1 + random.nextInt(64);
                    Arrays.fill(b, at, Math.min(b.length, at + n), (byte) 0);
                    return new Corruption("zero " + n + " bytes at " + at, b);
                }
            case 6:
                {
                    int n = 2 + random.nextInt(4);
                    StringBuilder where = new StringBuilder();
                    for (int i = 0; i < n; i++) {
                        int p = position();
                        b[p] = (byte) random.nextInt(256);
                        where.append(i == 0 ? "" : ",").append(p);
                    }
                    return new Corruption("random bytes at " + where, b);
                }
            default:
                {
                    int n = 1 + random.nextInt(8);
                    if (random.nextBoolean()) {
                        byte[] out = new byte[b.length + n];
                        System.arraycopy(b, 0, out, 0, at);
                        for (int i = 0; i < n; i++) {
                            out[at + i] = (byte) random.nextInt(256);
                        }
                        System.arraycopy(b, at, out, at + n, b.length - at);
                        return new Corruption("insert " + n + " bytes at " + at, out);
                    }
                    int cut = Math.min(n, b.length - at);
                    byte[] out = new byte[b.length - cut];
                    System.arraycopy(b, 0, out, 0, at);
                    System.arraycopy(b, at + cut, out, at, b.length - at - cut);
                    return new Corruption("delete " + cut + " bytes at " + at, out);
                }
        }
    }

    private long edge(long old) {
        switch (random.nextInt(4)) {
            case 0:
                return EDGES[random.nextInt(EDGES.length)];
            case 1:
                return old + (random.nextBoolean() ? 1 : -1) * (1 + random.nextInt(16));
            case 2:
                return old * 2 + 8;
            default:
                return random.nextLong();
        }
    }

    private int position() {
        if (hot.length > 0 && random.nextBoolean()) {
            return hot[random.nextInt(hot.length)];
        }
        return random.nextInt(original.length);
    }
}
