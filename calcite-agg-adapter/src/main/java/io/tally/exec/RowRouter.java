package io.tally.exec;

import io.tally.batch.DataType;
import io.tally.exec.exchange.Exchange;
import io.tally.exec.exchange.PassThroughPolicy;
import io.tally.exec.hash.BatchKeyHasher;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.hash.Hashing;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.OperatorMemory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Passes a worker's input rows straight into the final tables of a {@link ParallelAggregator}, for
 * a partial table that passes its input through ({@link PassThroughPolicy}): the worker decodes
 * each chunk of a batch once, computes each row's probe hash once ({@link
 * BatchKeyHasher#probeHashes}), routes the row by {@link Hashing#partition} of it (the partition a
 * partial table hands the same key to) and appends it to that partition's piece; a full piece is
 * sunk into its final table under the table's lock as input rows ({@link
 * BlockedAggregator#sinkDecoded}: no row state, no Arrow batch, no decoding or hashing again).
 * Pieces for busy tables are held, up to {@link #PENDING_PIECES}, and sunk at the next pass (a
 * {@code tryLock} pass in rotated order, worker {@code i} starting at table {@code i}), so a worker
 * waits for a lock only when it holds too many or at {@link #finish}.
 *
 * <p>Memory: pieces are decoded scratch on the Java heap, like {@link SinkState}'s own: at most
 * {@code PENDING_PIECES + partitions} pieces of at most {@link #PIECE_ROWS} rows and about {@link
 * #PIECE_BYTES} of variable-width values each (reused, never freed while the worker runs). The
 * final tables reserve what the rows make them grow through their own memory gate.
 */
final class RowRouter {
    /** Rows per piece: one gated chunk of the final table's sink ({@link SinkState#CHUNK_ROWS}). */
    static final int PIECE_ROWS = SinkState.CHUNK_ROWS;

    /** Variable-width bytes at which a piece is sunk before it has {@link #PIECE_ROWS} rows. */
    static final long PIECE_BYTES = 1L << 20;

    /**
     * Pieces a worker may hold for busy final tables before it waits for one: enough to ride out
     * another worker's sink of a piece, few enough that held scratch stays small.
     */
    static final int PENDING_PIECES = 8;

    private final int worker;
    private final FinalTables finals;
    private final long hashMask;
    private final BatchKeyHasher hasher;

    /** Input columns the final tables read (keys, arguments, filters); null where unused. */
    private final DecodedColumn[] decoded;

    /** {@link #decoded}'s key columns in key order, what the rows are hashed by. */
    private final DecodedColumn[] keys;

    private final List<DataType> inputTypes;
    private final Piece[] filling;
    private final ArrayDeque<Piece>[] pending;
    private final ArrayDeque<Piece> spare = new ArrayDeque<>();
    private int held;
    private int[] parts = new int[0];
    private int[] order = new int[0];

    /**
     * Worker {@code worker}'s router of rows of {@code spec} (which {@link #supports}) into {@code
     * finals}, whose tables hash under {@code hashMask}; {@code memory} is only named by the key
     * hasher (hashing allocates nothing).
     */
    RowRouter(
            int worker,
            AggregateSpec spec,
            FinalTables finals,
            long hashMask,
            BlockLayout layout,
            OperatorMemory memory) {
        this.worker = worker;
        this.finals = finals;
        this.hashMask = hashMask;
        this.inputTypes = spec.inputTypes();
        decoded = new DecodedColumn[inputTypes.size()];
        List<Integer> groupKeys = spec.groupKeys();
        keys = new DecodedColumn[groupKeys.size()];
        List<DataType> keyTypes = new ArrayList<>();
        for (int k = 0; k < keys.length; k++) {
            keys[k] = use(groupKeys.get(k));
            keyTypes.add(inputTypes.get(groupKeys.get(k)));
        }
        for (AggregateCall call : spec.calls()) {
            for (int a : call.args()) {
                use(a);
            }
            if (call.filterArg() >= 0) {
                use(call.filterArg());
            }
        }
        hasher = new BatchKeyHasher(keyTypes, layout, memory, "passed key");
        int fanout = finals.count();
        filling = new Piece[fanout];
        @SuppressWarnings("unchecked")
        ArrayDeque<Piece>[] queues = new ArrayDeque[fanout];
        for (int p = 0; p < fanout; p++) {
            queues[p] = new ArrayDeque<>();
        }
        pending = queues;
    }

    /**
     * Whether {@code spec} can pass rows through: one grouping set holding every group key (several
     * sets would need a row per set, an empty set gives every worker's rows one group) and no
     * DISTINCT value table (such calls run serially anyway).
     */
    static boolean supports(AggregateSpec spec) {
        List<BitSet> sets = spec.groupingSets();
        return sets.size() == 1
                && !sets.get(0).isEmpty()
                && sets.get(0).cardinality() == spec.groupKeys().size()
                && ParallelAggregator.serialReason(spec) == null;
    }

    private DecodedColumn use(int column) {
        if (decoded[column] == null) {
            decoded[column] = new DecodedColumn(inputTypes.get(column), "input column " + column);
        }
        return decoded[column];
    }

    /**
     * Routes every row of {@code batch} (columns as in {@link AggregateSpec#inputTypes()}) into the
     * pieces of its final table, sinking the full ones whose tables are free.
     */
    void route(VectorSchemaRoot batch) {
        int n = batch.getRowCount();
        for (int from = 0; from < n; from += PIECE_ROWS) {
            int len = Math.min(PIECE_ROWS, n - from);
            for (int c = 0; c < decoded.length; c++) {
                if (decoded[c] != null) {
                    decoded[c].decode(batch.getVector(c), from, len);
                }
            }
            long[] hashes = hasher.probeHashes(keys, len, hashMask);
            append(hashes, len);
            sinkWhereFree();
            while (held > PENDING_PIECES) {
                sinkAll(Exchange.fullest(pending));
            }
        }
    }

    /**
     * Sinks every piece, full or not, waiting for busy tables (at the end of the worker's input).
     */
    void finish() {
        for (int p = 0; p < filling.length; p++) {
            seal(p);
        }
        sinkWhereFree();
        for (int k = 0; k < pending.length; k++) {
            sinkAll((worker + k) % pending.length);
        }
    }

    /** Appends the {@code n} decoded rows, partition by partition in row order, to the pieces. */
    private void append(long[] hashes, int n) {
        int fanout = filling.length;
        if (parts.length < n) {
            parts = new int[n];
            order = new int[n];
        }
        int[] start = new int[fanout + 1];
        for (int i = 0; i < n; i++) {
            parts[i] = fanout == 1 ? 0 : Hashing.partition((int) hashes[i], fanout);
            start[parts[i] + 1]++;
        }
        for (int p = 0; p < fanout; p++) {
            start[p + 1] += start[p];
        }
        int[] next = new int[fanout];
        System.arraycopy(start, 0, next, 0, fanout);
        for (int i = 0; i < n; i++) {
            order[next[parts[i]]++] = i;
        }
        for (int p = 0; p < fanout; p++) {
            int at = start[p];
            while (at < start[p + 1]) {
                Piece piece = filling(p);
                int to = Math.min(start[p + 1], at + PIECE_ROWS - piece.rows);
                piece.append(decoded, hashes, order, at, to);
                at = to;
                if (piece.rows == PIECE_ROWS || piece.bytes() >= PIECE_BYTES) {
                    seal(p);
                }
            }
        }
    }

    /** Partition {@code p}'s piece being filled, a spare (or new) one if there is none. */
    private Piece filling(int p) {
        if (filling[p] == null) {
            Piece piece = spare.poll();
            filling[p] = piece != null ? piece : new Piece();
        }
        return filling[p];
    }

    /** Moves partition {@code p}'s piece being filled, if it has rows, to the held pieces. */
    private void seal(int p) {
        Piece piece = filling[p];
        if (piece != null && piece.rows > 0) {
            pending[p].add(piece);
            filling[p] = null;
            held++;
        }
    }

    /** Sinks the held pieces of every table that is not locked now, in rotated order. */
    private void sinkWhereFree() {
        for (int k = 0; k < pending.length && held > 0; k++) {
            int p = (worker + k) % pending.length;
            ReentrantLock lock = finals.locks()[p];
            if (!pending[p].isEmpty() && lock.tryLock()) {
                try {
                    sinkHeld(p);
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    /** Sinks table {@code p}'s held pieces, waiting for its lock. */
    private void sinkAll(int p) {
        if (pending[p].isEmpty()) {
            return;
        }
        ReentrantLock lock = finals.locks()[p];
        lock.lock();
        try {
            sinkHeld(p);
        } finally {
            lock.unlock();
        }
    }

    /** Under table {@code p}'s lock: sinks its held pieces and keeps them as spares. */
    private void sinkHeld(int p) {
        BlockedAggregator table = finals.table(p);
        Piece piece;
        while ((piece = pending[p].poll()) != null) {
            held--;
            table.sinkDecoded(piece.columns, piece.hashes, piece.rows);
            piece.clear();
            spare.add(piece);
        }
    }

    /** Up to {@link #PIECE_ROWS} decoded rows of one final partition and their probe hashes. */
    private final class Piece {
        final DecodedColumn[] columns = new DecodedColumn[decoded.length];
        final long[] hashes = new long[PIECE_ROWS];
        int rows;

        Piece() {
            for (int c = 0; c < columns.length; c++) {
                if (decoded[c] != null) {
                    columns[c] = new DecodedColumn(decoded[c].type, "passed column " + c);
                }
            }
            clear();
        }

        /** Appends rows {@code sel[from .. to)} of {@code source} with their hashes. */
        void append(DecodedColumn[] source, long[] sourceHashes, int[] sel, int from, int to) {
            for (int c = 0; c < columns.length; c++) {
                if (columns[c] != null) {
                    columns[c].appendRows(source[c], sel, from, to);
                }
            }
            for (int i = from, j = rows; i < to; i++, j++) {
                hashes[j] = sourceHashes[sel[i]];
            }
            rows += to - from;
        }

        /** Variable-width bytes held. */
        long bytes() {
            long bytes = 0;
            for (DecodedColumn c : columns) {
                if (c != null) {
                    bytes += c.byteCount();
                }
            }
            return bytes;
        }

        void clear() {
            rows = 0;
            for (DecodedColumn c : columns) {
                if (c != null) {
                    c.clear();
                }
            }
        }
    }
}
