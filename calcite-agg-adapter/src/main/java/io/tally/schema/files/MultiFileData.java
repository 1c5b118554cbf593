package io.tally.schema.files;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.metrics.ScanMetrics;
import io.tally.schema.DataFileException;
import io.tally.schema.ScanData;
import io.tally.schema.ScanFilter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Several files of one format read as one table (a glob): their columns must agree by name and type
 * with the first file's, and hive-style {@code key=value} directories add one column per key
 * (BIGINT when every value is an integer, else VARCHAR) holding each file's value. A scan reads the
 * files in path order; a parallel scan's split {@code i} reads split {@code i} of every file, so
 * the work of each file is shared by all threads.
 */
final class MultiFileData implements ScanData {
    private final String name;
    private final List<ScanData> files;

    /** Partition values per file, parallel to {@code files}, in {@link #partitionKeys} order. */
    private final List<List<String>> partitionValues;

    private final List<String> partitionKeys;
    private volatile Schema schema;

    MultiFileData(
            String name,
            List<ScanData> files,
            List<String> partitionKeys,
            List<Map<String, String>> partitions) {
        this(name, files, partitionKeys, valuesOf(partitionKeys, partitions), null);
    }

    private MultiFileData(
            String name,
            List<ScanData> files,
            List<String> partitionKeys,
            List<List<String>> partitionValues,
            Schema schema) {
        this.name = name;
        this.files = List.copyOf(files);
        this.partitionKeys = List.copyOf(partitionKeys);
        this.partitionValues = partitionValues;
        this.schema = schema;
    }

    private static List<List<String>> valuesOf(
            List<String> partitionKeys, List<Map<String, String>> partitions) {
        List<List<String>> values = new ArrayList<>(partitions.size());
        for (Map<String, String> p : partitions) {
            List<String> row = new ArrayList<>(partitionKeys.size());
            for (String key : partitionKeys) {
                row.add(p.get(key));
            }
            values.add(row);
        }
        return values;
    }

    /**
     * The files a scan with {@code filter} reads: those whose partition values may satisfy the
     * filter's terms on partition columns, each pruned by the filter in turn. Keeps this table's
     * schema (partition column types are inferred from every file's values).
     */
    @Override
    public ScanData pruned(ScanFilter filter, ScanMetrics metrics) {
        Schema all = schema();
        int fileColumns = fileColumns();
        List<ScanData> kept = new ArrayList<>(files.size());
        List<List<String>> keptValues = new ArrayList<>(files.size());
        for (int f = 0; f < files.size(); f++) {
            if (partitionsMayMatch(filter, fileColumns, partitionValues.get(f))) {
                kept.add(files.get(f).pruned(filter, metrics));
                keptValues.add(partitionValues.get(f));
            }
        }
        metrics.filesRead(kept.size());
        metrics.filesSkipped(files.size() - kept.size());
        return new MultiFileData(name, kept, partitionKeys, keptValues, all);
    }

    /** Whether there are partition columns to skip files by, or files that skip parts. */
    @Override
    public boolean prunes() {
        return !partitionKeys.isEmpty() || files.stream().anyMatch(ScanData::prunes);
    }

    private boolean partitionsMayMatch(ScanFilter filter, int fileColumns, List<String> values) {
        for (int k = 0; k < partitionKeys.size(); k++) {
            ScanFilter.Term term = filter.term(fileColumns + k);
            if (term == null) {
                continue;
            }
            String value = values.get(k);
            boolean integral =
                    schema().getFields().get(fileColumns + k).getType() instanceof ArrowType.Int;
            boolean may =
                    value == null
                            ? term.nullMatches()
                            : term.allows(integral ? new BigDecimal(value) : value);
            if (!may) {
                return false;
            }
        }
        return true;
    }

    @Override
    public long exactRowCount() {
        long rows = 0;
        for (ScanData file : files) {
            long n = file.exactRowCount();
            if (n < 0) {
                return -1;
            }
            rows += n;
        }
        return rows;
    }

    /** Columns the files hold; the partition columns follow them. */
    private int fileColumns() {
        return schema().getFields().size() - partitionKeys.size();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Schema schema() {
        Schema result = schema;
        if (result == null) {
            result = buildSchema();
            schema = result;
        }
        return result;
    }

    private Schema buildSchema() {
        Schema first = files.get(0).schema();
        for (ScanData other : files.subList(1, files.size())) {
            if (!sameColumns(first, other.schema())) {
                throw new DataFileException(
                        other.file()
                                + ": columns "
                                + describe(other.schema())
                                + " differ from those of "
                                + files.get(0).file()
                                + " "
                                + describe(first)
                                + "; files read together must have the same columns");
            }
        }
        List<Field> fields = new ArrayList<>(first.getFields());
        for (int k = 0; k < partitionKeys.size(); k++) {
            fields.add(
                    Field.nullable(
                            partitionKeys.get(k),
                            integral(k) ? new ArrowType.Int(64, true) : ArrowType.Utf8.INSTANCE));
        }
        return new Schema(fields);
    }

    private static boolean sameColumns(Schema a, Schema b) {
        if (a.getFields().size() != b.getFields().size()) {
            return false;
        }
        for (int i = 0; i < a.getFields().size(); i++) {
            Field x = a.getFields().get(i);
            Field y = b.getFields().get(i);
            if (!x.getName().equalsIgnoreCase(y.getName()) || !x.getType().equals(y.getType())) {
                return false;
            }
        }
        return true;
    }

    private static String describe(Schema s) {
        List<String> columns = new ArrayList<>();
        for (Field f : s.getFields()) {
            columns.add(f.getName() + " " + f.getType());
        }
        return columns.toString();
    }

    /** Whether every value of partition key {@code k} is an integer. */
    private boolean integral(int k) {
        for (List<String> values : partitionValues) {
            String v = values.get(k);
            if (v != null && !v.matches("-?\\d{1,18}")) {
                return false;
            }
        }
        return true;
    }

    @Override
    public double estimatedRowCount() {
        double rows = 0;
        for (ScanData file : files) {
            rows += file.estimatedRowCount();
        }
        return rows;
    }

    @Override
    public BatchCursor open(BufferAllocator allocator, int[] fields) {
        schema();
        List<BatchSplit> whole = new ArrayList<>(files.size());
        for (ScanData file : files) {
            whole.add(a -> file.open(a, fileFields(fields)));
        }
        return new Cursor(allocator, fields, whole);
    }

    @Override
    public List<BatchSplit> splits(int[] fields, int count) {
        schema();
        List<List<BatchSplit>> perFile = new ArrayList<>(files.size());
        for (ScanData file : files) {
            perFile.add(file.splits(fileFields(fields), count));
        }
        List<BatchSplit> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            List<BatchSplit> mine = new ArrayList<>(files.size());
            for (List<BatchSplit> f : perFile) {
                mine.add(f.get(i));
            }
            splits.add(allocator -> new Cursor(allocator, fields, mine));
        }
        return splits;
    }

    /** The projected columns that the files hold (partition columns are added by the cursor). */
    private int[] fileFields(int[] fields) {
        int fileColumns = fileColumns();
        return Arrays.stream(fields).filter(f -> f < fileColumns).toArray();
    }

    /** Reads one part of each file in turn, adding the partition columns. */
    private final class Cursor implements BatchCursor {
        private final BufferAllocator allocator;
        private final int[] fields;
        private final List<BatchSplit> parts;
        private final int fileColumns;
        private final FieldVector[] constants;
        private int part = -1;
        private BatchCursor current;
        private VectorSchemaRoot out;

        Cursor(BufferAllocator allocator, int[] fields, List<BatchSplit> parts) {
            this.allocator = allocator;
            this.fields = fields.clone();
            this.parts = parts;
            this.fileColumns = fileColumns();
            this.constants = new FieldVector[fields.length];
        }

        @Override
        public VectorSchemaRoot next() {
            while (true) {
                if (current == null) {
                    if (++part >= parts.size()) {
                        return null;
                    }
                    current = parts.get(part).open(allocator);
                }
                VectorSchemaRoot batch = current.next();
                if (batch != null) {
                    return assemble(batch);
                }
                current.close();
                current = null;
            }
        }

        private VectorSchemaRoot assemble(VectorSchemaRoot batch) {
            int rows = batch.getRowCount();
            List<FieldVector> vectors = new ArrayList<>(fields.length);
            int next = 0;
            for (int i = 0; i < fields.length; i++) {
                if (fields[i] < fileColumns) {
                    vectors.add(batch.getVector(next++));
                } else {
                    vectors.add(constant(i, fields[i] - fileColumns, rows));
                }
            }
            out = new VectorSchemaRoot(vectors);
            out.setRowCount(rows);
            return out;
        }

        private FieldVector constant(int column, int key, int rows) {
            if (constants[column] == null) {
                constants[column] =
                        schema().getFields().get(fields[column]).createVector(allocator);
            }
            FieldVector v = constants[column];
            v.clear();
            v.setInitialCapacity(rows);
            v.allocateNew();
            String value = partitionValues.get(part).get(key);
            if (value != null) {
                if (v instanceof BigIntVector b) {
                    long n = Long.parseLong(value);
                    for (int r = 0; r < rows; r++) {
                        b.set(r, n);
                    }
                } else {
                    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
                    VarCharVector s = (VarCharVector) v;
                    for (int r = 0; r < rows; r++) {
                        s.setSafe(r, bytes);
                    }
                }
            }
            v.setValueCount(rows);
            return v;
        }

        @Override
        public void close() {
            try {
                if (current != null) {
                    current.close();
                }
            } finally {
                for (FieldVector v : constants) {
                    if (v != null) {
                        v.close();
                    }
                }
            }
        }
    }
}
