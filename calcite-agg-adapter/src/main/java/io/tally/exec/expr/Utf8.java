package io.tally.exec.expr;

import java.nio.charset.StandardCharsets;

/**
 * UTF-8 helpers that give the answers Java's {@code String} (and so Calcite) gives: ordering by
 * UTF-16 code units and lengths in UTF-16 units, decoding to a {@code String} only when a value
 * holds a character where byte order and UTF-16 order differ.
 */
final class Utf8 {
    /** Smallest lead byte of a 4-byte sequence (a supplementary character, two UTF-16 units). */
    private static final int FOUR_BYTE_LEAD = 0xF0;

    /** Bytes from here on (U+E000 and above as lead bytes) may order differently in UTF-16. */
    private static final int ORDER_SENSITIVE_LEAD = 0xEE;

    private static final int CONTINUATION_MASK = 0xC0;
    private static final int CONTINUATION = 0x80;

    private Utf8() {}

    /**
     * Compares {@code a[as..ae)} with {@code b[bs..be)} as {@code String.compareTo} would. Byte
     * order is code point order, which is UTF-16 order unless the first difference involves a
     * character from U+E000 up (lead byte 0xEE or more); only then are both values decoded.
     */
    static int compare(byte[] a, int as, int ae, byte[] b, int bs, int be) {
        int la = ae - as;
        int lb = be - bs;
        int n = Math.min(la, lb);
        for (int k = 0; k < n; k++) {
            int x = a[as + k] & 0xFF;
            int y = b[bs + k] & 0xFF;
            if (x != y) {
                if (x >= ORDER_SENSITIVE_LEAD || y >= ORDER_SENSITIVE_LEAD) {
                    return Integer.signum(decode(a, as, ae).compareTo(decode(b, bs, be)));
                }
                return x < y ? -1 : 1;
            }
        }
        return Integer.compare(la, lb);
    }

    /** The length of {@code s[start..end)} in UTF-16 units ({@code String.length()}). */
    static int utf16Length(byte[] s, int start, int end) {
        int length = 0;
        for (int k = start; k < end; k++) {
            int b = s[k] & 0xFF;
            if ((b & CONTINUATION_MASK) != CONTINUATION) {
                length += b >= FOUR_BYTE_LEAD ? 2 : 1;
            }
        }
        return length;
    }

    /** Whether {@code s[start..end)} is all ASCII. */
    static boolean isAscii(byte[] s, int start, int end) {
        for (int k = start; k < end; k++) {
            if (s[k] < 0) {
                return false;
            }
        }
        return true;
    }

    static String decode(byte[] s, int start, int end) {
        return new String(s, start, end - start, StandardCharsets.UTF_8);
    }
}
