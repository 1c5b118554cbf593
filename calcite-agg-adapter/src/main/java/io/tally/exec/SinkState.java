package io.tally.exec;

import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The build side of {@link BlockedAggregator}: decodes each batch once, resolves group ids per
 * grouping set into an {@code int[]}, then runs one update loop per aggregate call (after its
 * FILTER and DISTINCT). With several grouping sets a hidden INTEGER key holds the set's index,
 * and keys outside a set are fed as NULL.
 */
final class SinkState implements AutoCloseable {
  /** Functions whose result ignores duplicates, so DISTINCT needs no filter table. */
  private static final Set<AggKind> DUPLICATE_INSENSITIVE = EnumSet.of(AggKind.MIN, AggKind.MAX,
      AggKind.ANY_VALUE, AggKind.BOOL_AND, AggKind.BOOL_OR, AggKind.BIT_AND, AggKind.BIT_OR,
      AggKind.GROUPING, AggKind.GROUPING_ID);
  private static final DataType SET_ID = new DataType(ColumnType.INTEGER, 0, 0, false);

  private final AggregateSpec spec;
  private final List<BitSet> sets;
  final GroupHashTable table;
  final List<Accumulator> accumulators = new ArrayList<>();
  private final DistinctFilter[] distinct;
  private final DecodedColumn[] decoded;
  private final DecodedColumn[] nullKeys;
  private final DecodedColumn setIdInput;
  private final DecodedColumn[] keyInputs;
  private final DecodedColumn[][] callArgs;
  private final boolean constantGroup;
  private int[] gids = new int[0];
  private int[] callGids = new int[0];

  SinkState(AggregateSpec spec, BlockLayout layout, OperatorMemory memory, long hashMask) {
    this.spec = spec;
    this.sets = spec.groupingSets();
    List<DataType> types = spec.inputTypes();
    List<Integer> keys = spec.groupKeys();
    List<KeyColumn> keyColumns = new ArrayList<>();
    decoded = new DecodedColumn[types.size()];
    nullKeys = new DecodedColumn[keys.size()];
    for (int k = 0; k < keys.size(); k++) {
      DataType t = types.get(keys.get(k));
      keyColumns.add(KeyColumn.create(t, layout, memory));
      nullKeys[k] = new DecodedColumn(t, "null key");
      use(keys.get(k));
    }
    KeyColumn setIds = null;
    if (sets.size() > 1) {
      setIds = KeyColumn.create(SET_ID, layout, memory);
      keyColumns.add(setIds);
    }
    setIdInput = new DecodedColumn(SET_ID, "grouping set id");
    keyInputs = new DecodedColumn[keyColumns.size()];
    constantGroup = keyColumns.isEmpty();
    table = new GroupHashTable(keyColumns, layout, memory, hashMask);
    List<AggregateCall> calls = spec.calls();
    distinct = new DistinctFilter[calls.size()];
    callArgs = new DecodedColumn[calls.size()][];
    try {
      for (int c = 0; c < calls.size(); c++) {
        AggregateCall call = calls.get(c);
        accumulators.add(Accumulators.create(call, spec, layout, memory, setIds));
        callArgs[c] = new DecodedColumn[call.args().size()];
        List<DataType> argTypes = new ArrayList<>();
        for (int a = 0; a < call.args().size(); a++) {
          callArgs[c][a] = use(call.args().get(a));
          argTypes.add(types.get(call.args().get(a)));
        }
        if (call.filterArg() >= 0) {
          use(call.filterArg());
        }
        if (call.distinct() && !DUPLICATE_INSENSITIVE.contains(call.kind())) {
          distinct[c] = new DistinctFilter(argTypes, layout, memory, hashMask);
        }
      }
      createEmptySetGroups();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  private DecodedColumn use(int column) {
    if (decoded[column] == null) {
      decoded[column] = new DecodedColumn(spec.inputTypes().get(column), "input column " + column);
    }
    return decoded[column];
  }

  /** An empty grouping set has its one group even when no row arrives (global aggregate). */
  private void createEmptySetGroups() {
    for (int s = 0; s < sets.size(); s++) {
      if (sets.get(s).isEmpty()) {
        resolve(s, 1, true);
        ensureBlocks();
      }
    }
  }

  void sink(VectorSchemaRoot batch) {
    int n = batch.getRowCount();
    if (batch.getFieldVectors().size() != decoded.length) {
      throw new TallyException("input batch has " + batch.getFieldVectors().size()
          + " columns, the aggregate expects " + decoded.length);
    }
    for (int c = 0; c < decoded.length; c++) {
      if (decoded[c] != null) {
        decoded[c].decode(batch.getVector(c), n);
      }
    }
    if (gids.length < n) {
      gids = new int[n];
      callGids = new int[n];
    }
    for (int s = 0; s < sets.size(); s++) {
      resolve(s, n, false);
      ensureBlocks();
      updateCalls(n);
    }
  }

  private void resolve(int set, int n, boolean allNull) {
    if (gids.length < n) {
      gids = new int[n];
      callGids = new int[n];
    }
    if (constantGroup) {
      java.util.Arrays.fill(gids, 0, n, 0);
      if (table.groupCount() == 0) {
        table.resolve(keyInputs, 1, null, gids);
      }
      return;
    }
    List<Integer> keys = spec.groupKeys();
    for (int k = 0; k < keys.size(); k++) {
      if (allNull || !sets.get(set).get(keys.get(k))) {
        nullKeys[k].fillNull(n);
        keyInputs[k] = nullKeys[k];
      } else {
        keyInputs[k] = decoded[keys.get(k)];
      }
    }
    if (sets.size() > 1) {
      setIdInput.fillConstant(set, n);
      keyInputs[keys.size()] = setIdInput;
    }
    table.resolve(keyInputs, n, null, gids);
  }

  private void ensureBlocks() {
    int groups = table.groupCount();
    for (Accumulator a : accumulators) {
      a.ensureGroups(groups);
    }
  }

  private void updateCalls(int n) {
    List<AggregateCall> calls = spec.calls();
    for (int c = 0; c < calls.size(); c++) {
      AggregateCall call = calls.get(c);
      int[] g = gids;
      if (call.filterArg() >= 0 || distinct[c] != null) {
        g = callGids;
        System.arraycopy(gids, 0, g, 0, n);
        if (call.filterArg() >= 0) {
          DecodedColumn f = decoded[call.filterArg()];
          for (int i = 0; i < n; i++) {
            if (f.nulls[i] != 0 || f.longs[i] == 0) {
              g[i] = -1;
            }
          }
        }
        if (distinct[c] != null) {
          distinct[c].filter(g, n, callArgs[c]);
        }
      }
      Accumulator acc = accumulators.get(c);
      acc.bind(callArgs[c]);
      acc.update(g, n);
    }
  }

  /** Whether DISTINCT on this call needs no filter table (duplicates cannot change it). */
  boolean distinctFree(AggregateCall call) {
    return DUPLICATE_INSENSITIVE.contains(call.kind());
  }

  /** Resolves group ids for already-decoded key columns (all keys plus the set id). */
  void resolveDecoded(DecodedColumn[] keys, int n, int[] out) {
    if (constantGroup) {
      java.util.Arrays.fill(out, 0, n, 0);
    } else {
      table.resolve(keys, n, null, out);
    }
    ensureBlocks();
  }

  /** Input is over: frees the index and the DISTINCT tables. */
  void finish() {
    table.freeIndex();
    for (int c = 0; c < distinct.length; c++) {
      if (distinct[c] != null) {
        distinct[c].close();
        distinct[c] = null;
      }
    }
  }

  void releaseBlock(int block) {
    table.releaseBlock(block);
    for (Accumulator a : accumulators) {
      a.releaseBlock(block);
    }
  }

  @Override
  public void close() {
    for (int c = 0; c < distinct.length; c++) {
      if (distinct[c] != null) {
        distinct[c].close();
        distinct[c] = null;
      }
    }
    for (Accumulator a : accumulators) {
      a.close();
    }
    table.close();
  }
}
