package io.tally.exec.topk;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Copies the live records and entries of one {@link TopKAccumulator} block region into a fresh
 * region, leaving the garbage (replaced entries, outgrown records) behind, and points the groups'
 * states at the copies.
 */
final class TopKCompaction {
    private TopKCompaction() {}

    /**
     * Copies the rows of the {@code groups} group states in {@code states} (each {@code 1 <<
     * stateShift} bytes, leading with {@code [record offset + 1:int][count:int]}) from {@code from}
     * into {@code to} (large enough for the live bytes); returns the bytes used in {@code to}.
     */
    static long copyLive(ArrowBuf from, ArrowBuf to, ArrowBuf states, int groups, int stateShift) {
        long p = 0;
        for (int slot = 0; slot < groups; slot++) {
            long at = (long) slot << stateShift;
            int rec = states.getInt(at) - 1;
            if (rec < 0) {
                continue;
            }
            int count = states.getInt(at + 4);
            int cap = from.getInt(rec);
            long newRec = p;
            to.setInt(newRec, cap);
            p += 4 + 4L * cap;
            for (int j = 0; j < count; j++) {
                long e = from.getInt(rec + 4 + 4L * j);
                int len = TopKRowCodec.HEADER + from.getInt(e);
                to.setBytes(p, from, e, len);
                to.setInt(newRec + 4 + 4L * j, (int) p);
                p += len;
            }
            states.setInt(at, (int) newRec + 1);
        }
        return p;
    }
}
