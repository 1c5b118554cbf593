package io.tally.exec.hash;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Tally's 64-bit hashing of key values and its byte-string comparison helpers. Byte strings are
 * read 8 bytes at a time with unchecked loads ({@link MemoryUtil}); every method states the range
 * it reads, which its callers guarantee.
 */
public final class Hashing {
    /** Start value of a row hash before any key column is folded in. */
    static final long SEED = 0x2545F4914F6CDD1DL;

    /** Hash contribution of a NULL key value. */
    static final long NULL_HASH = 0x5851F42D4C957F2DL;

    /**
     * Bytes readable past the end of any byte string that {@link #equalBytes} compares (key regions
     * reserve them), and that decoded byte arrays keep spare, so a tail is one 8-byte load.
     */
    static final int TAIL_PAD = 8;

    private static final long M1 = 0x9E3779B97F4A7C15L;
    private static final long M2 = 0xD6E8FEB86659FD93L;

    static {
        if (!MemoryUtil.LITTLE_ENDIAN) { // masked tails take the first bytes as a word's low bytes
            throw new ExceptionInInitializerError("Tally's key hashing needs a little-endian CPU");
        }
    }

    private Hashing() {}

    /** Decorrelates {@link #partition} from the index bits of the same probe hash. */
    private static final long PARTITION_SALT = 0x632BE59BD9B4E019L;

    /**
     * The final partition in {@code [0, partitions)} of a group whose table probe hash is {@code
     * hash32} (see {@link GroupHashTable}): the hash mixed again with a salt and reduced by a
     * multiply-shift, so the partition is independent of the index bits (the hash's low bits) a
     * final table probes with. The exchange routes rows and tables hand on groups by it alike.
     */
    public static int partition(int hash32, int partitions) {
        long h = mix((hash32 & 0xFFFFFFFFL) ^ PARTITION_SALT) >>> 32;
        return (int) ((h * partitions) >>> 32);
    }

    /** Scrambles a 64-bit value so every input bit affects the high 32 bits. */
    public static long mix(long x) {
        long h = (x ^ (x >>> 31)) * M1;
        h = (h ^ (h >>> 29)) * M2;
        return h ^ (h >>> 32);
    }

    /** Folds one column's value hash into a row hash (order-sensitive). */
    static long combine(long rowHash, long valueHash) {
        return (Long.rotateLeft(rowHash, 23) ^ valueHash) * M1;
    }

    /**
     * Hash of {@code b[from .. to)}. The last partial word is read as one masked 8-byte load when
     * the array has room for it (see {@link #TAIL_PAD}), else byte by byte; both give the same
     * hash.
     */
    static long hashBytes(byte[] b, int from, int to) {
        long h = M2 ^ (to - from);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            h = Long.rotateLeft(h ^ mix(MemoryUtil.getLong(b, i)), 27) * M1;
        }
        long tail = 0;
        if (i < to) {
            if (i + 8 <= b.length) {
                tail = MemoryUtil.getLong(b, i) & tailMask(to - i);
            } else {
                for (int shift = 0; i < to; i++, shift += 8) {
                    tail |= (b[i] & 0xFFL) << shift;
                }
            }
        }
        return mix(h ^ mix(tail));
    }

    /**
     * Hash of a short key given as its two entry words (see {@link VarKeyColumn}): both words are
     * scrambled, so keys that differ only in the second word still spread over the index.
     */
    static long hashWords(long word0, long word1) {
        return mix(word0 ^ Long.rotateLeft(mix(word1 ^ M2), 32));
    }

    /**
     * The {@code count} bytes {@code b[from .. from+count)} ({@code 0 <= count <= 8}) as the low
     * bytes of a little-endian word, zero above: one masked 8-byte load when {@code b} has room for
     * it (decoded columns keep {@link #TAIL_PAD} spare bytes), else byte by byte.
     */
    static long lowBytes(byte[] b, int from, int count) {
        if (count == 0) {
            return 0;
        }
        if (from + 8 <= b.length) {
            long word = MemoryUtil.getLong(b, from);
            return count == 8 ? word : word & tailMask(count);
        }
        long word = 0;
        for (int i = 0; i < count; i++) {
            word |= (b[from + i] & 0xFFL) << (i << 3);
        }
        return word;
    }

    /** Mask of the low {@code bytes} bytes of a little-endian word, {@code 1 <= bytes <= 7}. */
    private static long tailMask(int bytes) {
        return -1L >>> ((8 - bytes) << 3);
    }

    /**
     * Whether the {@code len} bytes at {@code a} and at {@code b} are equal; both must have {@link
     * #TAIL_PAD} readable bytes after them (key regions do).
     */
    static boolean equalMemory(long a, long b, int len) {
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            if (MemoryUtil.getLong(a + i) != MemoryUtil.getLong(b + i)) {
                return false;
            }
        }
        return i == len
                || ((MemoryUtil.getLong(a + i) ^ MemoryUtil.getLong(b + i)) & tailMask(len - i))
                        == 0;
    }

    /**
     * Whether {@code b[from .. from+len)} equals the {@code len} bytes at native {@code address}.
     * Reads memory without bounds checks: the caller guarantees {@code address .. address + len +
     * TAIL_PAD)} lies inside a live buffer (a key region it owns and pads), so the last partial
     * word is compared as one masked load (when {@code b} has that room too).
     */
    static boolean equalBytes(byte[] b, int from, long address, int len) {
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            if (MemoryUtil.getLong(b, from + i) != MemoryUtil.getLong(address + i)) {
                return false;
            }
        }
        if (i == len) {
            return true;
        }
        if (from + i + 8 <= b.length) {
            return ((MemoryUtil.getLong(b, from + i) ^ MemoryUtil.getLong(address + i))
                            & tailMask(len - i))
                    == 0;
        }
        for (; i < len; i++) {
            if (b[from + i] != MemoryUtil.getByte(address + i)) {
                return false;
            }
        }
        return true;
    }
}
