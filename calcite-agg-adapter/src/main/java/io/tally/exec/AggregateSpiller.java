package io.tally.exec;

import io.tally.memory.MemoryLimitExceededException;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import io.tally.spill.SpillCounters;
import io.tally.spill.SpillDirectory;
import io.tally.spill.QuerySpillDirectory;
import io.tally.spill.SpillOptions;
import io.tally.spill.SpillReader;
import io.tally.spill.SpillWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Spilling for one aggregate: {@link #spill} writes every group of the sink — each block's keys
 * and states as a partial batch, radix-partitioned ({@link Partitioner}) into one file per
 * partition, DISTINCT pair streams into files of their own — then empties the sink. After the
 * input, {@link #loadNext} merges one partition at a time into the (empty) sink; a partition
 * that does not fit is split into {@link Partitioner#FANOUT} files on the next hash bits and
 * those are merged instead, recursively.
 *
 * <p>I/O batches come from a child allocator of the operator that is not reserved from the pool:
 * one serialized block and its per-partition copies (plus compression buffers) is the documented
 * slack above {@code memory_limit}.
 */
final class AggregateSpiller implements AutoCloseable {
  private final SinkState sink;
  private final PartialStates partials;
  private final SpillDirectory directory;
  private final SpillCounters counters = new SpillCounters();
  private final BufferAllocator io;
  private final Partitioner partitioner;
  private final SpillFileFormat format;
  private final Schema[] sideSchemas;
  private final int calls;
  private final String operator;
  private Partition[] level0;
  private final Deque<Partition> pending = new ArrayDeque<>();
  private boolean merging;
  long stateBytes;
  int partitions;
  int maxLevel;

  /** {@code query} is the query's spill directory; null gives this operator one of its own. */
  AggregateSpiller(SinkState sink, PartialStates partials, SpillOptions options, QuerySpillDirectory query,
      OperatorMemory memory, BlockLayout layout, AggregateSpec spec) {
    this.sink = sink;
    this.partials = partials;
    this.directory = new SpillDirectory(query != null ? query : new QuerySpillDirectory(Path.of(options.dir())),
        options, memory.name(), counters);
    this.calls = spec.calls().size();
    this.operator = memory.name();
    List<DataType> keyTypes = new ArrayList<>();
    for (int k = 0; k < partials.keyCount(); k++) {
      keyTypes.add(sink.table.key(k).type);
    }
    this.partitioner = new Partitioner(keyTypes, layout, memory);
    List<List<Field>> states = new ArrayList<>();
    sideSchemas = new Schema[calls];
    for (int c = 0; c < calls; c++) {
      states.add(partials.hasSideStream(c) ? List.of() : sink.accumulators.get(c).stateFields());
      sideSchemas[c] = partials.hasSideStream(c) ? partials.sideSchema(c) : null;
    }
    this.format = new SpillFileFormat(options.format(), partials.schema(), partials.keyCount(), states);
    this.io = memory.allocator().newChildAllocator(memory.name() + ".spill", 0, Long.MAX_VALUE);
  }

  java.nio.file.Path directoryPath() {
    return directory.path();
  }

  SpillCounters counters() {
    return counters;
  }

  boolean spilled() {
    return level0 != null;
  }

  /** Whether a partition is being merged (the gate then reports overflow instead of spilling). */
  boolean merging() {
    return merging;
  }

  /** Writes all groups of the sink to the level-0 partitions and empties the sink. */
  void spill() {
    long start = System.nanoTime();
    if (level0 == null) {
      level0 = newLevel(0);
    }
    for (int c = 0; c < calls; c++) {
      if (partials.hasSideStream(c)) {
        for (int b = 0; b < partials.sideBlocks(c); b++) {
          try (VectorSchemaRoot side = partials.serializeSide(c, b, sideSchemas[c], io)) {
            route(side, 0, level0, c);
          }
        }
      }
    }
    int blocks = sink.table.blockCount();
    for (int b = 0; b < blocks; b++) {
      try (VectorSchemaRoot typed = partials.serialize(b, io)) {
        sink.releaseBlock(b);
        VectorSchemaRoot stored = format.toFile(typed, io);
        try {
          stateBytes += format.stateBytes(stored);
          route(stored, 0, level0, -1);
        } finally {
          if (stored != typed) {
            stored.close();
          }
        }
      }
    }
    sink.reset();
    counters.writeNanos += System.nanoTime() - start;
  }

  /** Splits {@code root} by partition at {@code level} and appends the parts (stream -1 = main). */
  private void route(VectorSchemaRoot root, int level, Partition[] targets, int stream) {
    if (root.getRowCount() == 0) {
      return;
    }
    int[] parts = partitioner.partitions(root, level);
    VectorSchemaRoot[] split = BatchSplitter.split(root, parts, Partitioner.FANOUT, io);
    try {
      for (int p = 0; p < split.length; p++) {
        if (split[p] != null) {
          targets[p].writer(stream).append(split[p]);
        }
      }
    } finally {
      for (VectorSchemaRoot r : split) {
        if (r != null) {
          r.close();
        }
      }
    }
  }

  /** Closes the level-0 files and queues them for merging, partition 0 first. */
  void finishWriting() {
    for (int p = Partitioner.FANOUT - 1; p >= 0; p--) {
      level0[p].closeWriters();
      if (level0[p].hasFiles()) {
        pending.push(level0[p]);
      }
    }
  }

  /**
   * Merges the next partition into the empty sink and finishes it; false when none is left.
   * A partition that overflows the pool is split on the next hash bits and retried as parts.
   */
  boolean loadNext() {
    while (!pending.isEmpty()) {
      Partition p = pending.pop();
      merging = true;
      try {
        mergeInto(p);
        merging = false;
        sink.finish();
        p.delete();
        return true;
      } catch (PartitionOverflowException e) {
        merging = false;
        sink.reset();
        if (p.level + 1 >= Partitioner.MAX_LEVELS) {
          throw new MemoryLimitExceededException("Operator " + operator + " cannot aggregate within memory_limit " + MemoryPool.formatBytes(e.limit) + ": a spilled partition still needs "
              + MemoryPool.formatBytes(e.needed) + " more after " + Partitioner.MAX_LEVELS
              + " levels of repartitioning (its groups cannot be split further)");
        }
        split(p);
      } finally {
        merging = false;
      }
    }
    return false;
  }

  private void mergeInto(Partition p) {
    if (p.main != null) {
      try (SpillReader reader = new SpillReader(p.main, format.fileSchema(), counters)) {
        VectorSchemaRoot stored;
        while ((stored = reader.next(io)) != null) {
          try (VectorSchemaRoot s = stored; VectorSchemaRoot typed = format.fromFile(s, io)) {
            partials.merge(typed);
          }
        }
      }
    }
    for (int c = 0; c < calls; c++) {
      if (p.sides[c] != null) {
        try (SpillReader reader = new SpillReader(p.sides[c], sideSchemas[c], counters)) {
          VectorSchemaRoot side;
          while ((side = reader.next(io)) != null) {
            try (VectorSchemaRoot s = side) {
              partials.mergeSide(c, s);
            }
          }
        }
      }
    }
  }

  /** Re-routes partition {@code p}'s files into FANOUT parts on the next hash bits. */
  private void split(Partition p) {
    long start = System.nanoTime();
    Partition[] parts = newLevel(p.level + 1);
    maxLevel = Math.max(maxLevel, p.level + 1);
    for (int stream = -1; stream < calls; stream++) {
      Path file = stream < 0 ? p.main : p.sides[stream];
      if (file == null) {
        continue;
      }
      Schema schema = stream < 0 ? format.fileSchema() : sideSchemas[stream];
      try (SpillReader reader = new SpillReader(file, schema, counters)) {
        VectorSchemaRoot root;
        while ((root = reader.next(io)) != null) {
          try (VectorSchemaRoot r = root) {
            route(r, p.level + 1, parts, stream);
          }
        }
      }
    }
    p.delete();
    for (int i = Partitioner.FANOUT - 1; i >= 0; i--) {
      parts[i].closeWriters();
      if (parts[i].hasFiles()) {
        pending.push(parts[i]);
      }
    }
    counters.writeNanos += System.nanoTime() - start;
  }

  private Partition[] newLevel(int level) {
    Partition[] parts = new Partition[Partitioner.FANOUT];
    for (int p = 0; p < parts.length; p++) {
      parts[p] = new Partition(level, p);
    }
    return parts;
  }

  /** Deletes every spill file and directory and frees the I/O allocator. */
  @Override
  public void close() {
    try {
      if (level0 != null) {
        for (Partition p : level0) {
          p.closeQuietly();
        }
      }
      for (Partition p : pending) {
        p.closeQuietly();
      }
      pending.clear();
    } finally {
      directory.close();
      io.close();
    }
  }

  /** One partition: its main file and DISTINCT pair files, with writers while being written. */
  private final class Partition {
    final int level;
    final String label;
    Path main;
    final Path[] sides = new Path[calls];
    private SpillWriter mainWriter;
    private final SpillWriter[] sideWriters = new SpillWriter[calls];

    Partition(int level, int index) {
      this.level = level;
      this.label = "L" + level + "-P" + index;
    }

    SpillWriter writer(int stream) {
      if (stream < 0) {
        if (mainWriter == null) {
          mainWriter = directory.newFile(label, format.fileSchema(), io);
          main = mainWriter.file();
          partitions++;
        }
        return mainWriter;
      }
      if (sideWriters[stream] == null) {
        sideWriters[stream] = directory.newFile(label + "-distinct" + stream, sideSchemas[stream], io);
        sides[stream] = sideWriters[stream].file();
      }
      return sideWriters[stream];
    }

    boolean hasFiles() {
      if (main != null) {
        return true;
      }
      for (Path s : sides) {
        if (s != null) {
          return true;
        }
      }
      return false;
    }

    void closeWriters() {
      if (mainWriter != null) {
        mainWriter.close();
        mainWriter = null;
      }
      for (int c = 0; c < calls; c++) {
        if (sideWriters[c] != null) {
          sideWriters[c].close();
          sideWriters[c] = null;
        }
      }
    }

    void closeQuietly() {
      try {
        closeWriters();
      } catch (RuntimeException ignored) {
        // the directory is deleted next anyway
      }
    }

    void delete() {
      closeWriters();
      deleteFile(main);
      main = null;
      for (int c = 0; c < calls; c++) {
        deleteFile(sides[c]);
        sides[c] = null;
      }
    }

    private void deleteFile(Path f) {
      if (f != null) {
        try {
          Files.deleteIfExists(f);
        } catch (IOException ignored) {
          // the operator's directory is removed on close
        }
      }
    }
  }
}
