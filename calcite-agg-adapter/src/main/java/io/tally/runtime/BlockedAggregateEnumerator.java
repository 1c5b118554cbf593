package io.tally.runtime;

import io.tally.exec.AggregateConfig;
import io.tally.batch.BatchRows;
import io.tally.batch.BatchSource;
import io.tally.exec.BlockedAggregator;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.ParallelAggregator;
import io.tally.batch.SplittableBatchSource;
import io.tally.batch.RowBatcher;
import io.tally.exec.topk.TopKExpander;
import io.tally.memory.EngineMemory;
import io.tally.metrics.AggregateMetrics;
import io.tally.session.QueryContext;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.runtime.FlatLists;

/**
 * Rows of one blocked aggregate: the first {@link #moveNext()} consumes the whole input
 * (sink, then finish), later calls walk the current output block and fetch the next block when
 * it is used up. Closing releases the aggregator's memory at any point. With {@code threads > 1}
 * and a splittable batch input (see {@link TallyRuntime#serialReason}) a {@link ParallelAggregator}
 * does the work instead of the single-thread {@link BlockedAggregator}. For a top-k-per-group
 * call ({@link BlockedAggregateCall#topK()}) a {@link TopKExpander} turns each block of groups
 * into batches of rows.
 */
final class BlockedAggregateEnumerator implements Enumerator<Object> {
  private final Enumerable<?> input;
  private final BlockedAggregateCall call;
  private final BlockedAggregator aggregator;
  private final ParallelAggregator parallel;
  private final Runnable afterParallelBuild;
  private final AggregateProgress progress;
  private final boolean[] binaryOutput;
  private final BufferAllocator expanderMemory;
  private final TopKExpander expander;
  private VectorSchemaRoot groups;
  private boolean expanderClosed;
  private VectorSchemaRoot block;
  private int row;
  private Object current;
  private boolean hasCurrent;
  private boolean built;
  private boolean done;

  BlockedAggregateEnumerator(QueryContext query, Enumerable<?> input, BlockedAggregateCall call,
      AggregateConfig config) {
    this(query, input, call, config, 1, "", () -> { });
  }

  /**
   * An aggregate on {@code threads} threads ({@code serialReason} empty when that is possible,
   * otherwise why it runs on one); {@code afterParallelBuild} runs on this thread once the
   * workers have stopped.
   */
  BlockedAggregateEnumerator(QueryContext query, Enumerable<?> input, BlockedAggregateCall call,
      AggregateConfig config, int threads, String serialReason, Runnable afterParallelBuild) {
    this.input = input;
    this.call = call;
    this.afterParallelBuild = afterParallelBuild;
    if (threads > 1 && serialReason.isEmpty()) {
      this.aggregator = null;
      this.parallel = new ParallelAggregator(call.spec(), config, threads, EngineMemory.root(),
          query.pool(), query.cancelFlag()::get, call.operatorName(), query.spill());
      this.progress = new AggregateProgress(query.progress(), parallel::groupCount, parallel.metrics());
    } else {
      this.parallel = null;
      this.aggregator = new BlockedAggregator(call.spec(), config, EngineMemory.root(),
          query.pool(), query.cancelFlag()::get, call.operatorName(), query.spill());
      this.aggregator.metrics().serialReason = serialReason;
      this.progress = new AggregateProgress(query.progress(), aggregator::groupCount,
          aggregator.metrics());
    }
    if (call.topK() != null) {
      this.expanderMemory = EngineMemory.newChild(call.operatorName() + ".rows");
      this.expander = new TopKExpander(call.spec().calls().get(0), call.topK().argTypes(),
          call.spec().groupKeys().size(), call.topK().sources(), call.topK().outputTypes(),
          expanderMemory);
    } else {
      this.expanderMemory = null;
      this.expander = null;
    }
    List<DataType> out = expander != null ? expander.outputTypes() : call.spec().outputTypes();
    this.binaryOutput = new boolean[out.size()];
    for (int i = 0; i < binaryOutput.length; i++) {
      binaryOutput[i] = out.get(i).type() == ColumnType.VARBINARY;
    }
  }

  /** The aggregator's metrics (for EXPLAIN ANALYZE); complete once the rows are exhausted. */
  AggregateMetrics metrics() {
    return parallel != null ? parallel.metrics() : aggregator.metrics();
  }

  @Override public Object current() {
    if (!hasCurrent) {
      throw new NoSuchElementException();
    }
    return current;
  }

  @Override public boolean moveNext() {
    try {
      if (!built) {
        build();
      }
      while (!done) {
        if (block != null && row < block.getRowCount()) {
          current = shape(BatchRows.row(block, row++));
          hasCurrent = true;
          return true;
        }
        block = nextOutput();
        row = 0;
        if (block == null) {
          done = true;
        }
      }
    } catch (RuntimeException | Error e) {
      close(); // free everything now: the consumer may never close us after a failure
      throw e;
    }
    current = null;
    hasCurrent = false;
    return false;
  }

  /** The next batch of output rows: a block of groups, or a top-k batch expanded from one. */
  private VectorSchemaRoot nextOutput() {
    if (expander == null) {
      return nextGroups();
    }
    while (true) {
      if (groups != null) {
        VectorSchemaRoot rows = expander.next();
        if (rows != null) {
          return rows;
        }
      }
      groups = nextGroups();
      if (groups == null) {
        return null;
      }
      expander.start(groups);
    }
  }

  private VectorSchemaRoot nextGroups() {
    return parallel != null ? parallel.nextBlock() : aggregator.nextBlock();
  }

  private void build() {
    built = true;
    if (parallel != null) {
      try {
        SplittableBatchSource source = (SplittableBatchSource) input;
        parallel.build(source.splits(parallel.threads()), call.inputColumns(), progress::update);
      } finally {
        afterParallelBuild.run();
      }
      progress.update();
      return;
    }
    if (input instanceof BatchSource && !call.rowInput()) {
      TallyRuntime.sinkBatches(aggregator, (BatchSource) input, call.inputColumns(),
          call.operatorName(), progress);
    } else {
      try (Enumerator<?> rows = input.enumerator()) {
        aggregator.sinkRows(new RowIterator(rows, call.inputColumns(), call.inputShape(), progress));
      }
    }
    aggregator.finish();
    progress.update();
  }

  private Object shape(Object[] values) {
    for (int i = 0; i < values.length; i++) {
      if (binaryOutput[i] && values[i] != null) {
        values[i] = new ByteString((byte[]) values[i]);
      }
    }
    switch (call.outputShape()) {
    case SCALAR:
      return values[0];
    case LIST:
      return FlatLists.of(values);
    default:
      return values;
    }
  }

  @Override public void reset() {
    throw new UnsupportedOperationException("an aggregate's rows can be read once");
  }

  @Override public void close() {
    block = null;
    groups = null;
    done = true;
    if (parallel != null) {
      parallel.close();
    } else {
      aggregator.close();
    }
    if (expander != null && !expanderClosed) {
      expanderClosed = true;
      expander.close();
      expanderMemory.close();
    }
  }

  /**
   * Picks the used columns out of Calcite rows; VARBINARY values become {@code byte[]}. Updates
   * the progress once per batch's worth of rows.
   */
  private static final class RowIterator implements Iterator<Object[]> {
    private final Enumerator<?> rows;
    private final int[] columns;
    private final RowShape shape;
    private final AggregateProgress progress;
    private int sinceUpdate;
    private Boolean hasNext;

    RowIterator(Enumerator<?> rows, int[] columns, RowShape shape, AggregateProgress progress) {
      this.rows = rows;
      this.columns = columns;
      this.shape = shape;
      this.progress = progress;
    }

    @Override public boolean hasNext() {
      if (hasNext == null) {
        hasNext = rows.moveNext();
      }
      return hasNext;
    }

    @Override public Object[] next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      hasNext = null;
      if (++sinceUpdate == RowBatcher.DEFAULT_BATCH_ROWS) {
        sinceUpdate = 0;
        progress.update();
      }
      Object r = rows.current();
      Object[] out = new Object[columns.length];
      for (int i = 0; i < columns.length; i++) {
        Object v = shape == RowShape.SCALAR ? r : shape == RowShape.ARRAY
            ? ((Object[]) r)[columns[i]] : ((List<?>) r).get(columns[i]);
        out[i] = v instanceof ByteString ? ((ByteString) v).getBytes() : v;
      }
      return out;
    }
  }
}
