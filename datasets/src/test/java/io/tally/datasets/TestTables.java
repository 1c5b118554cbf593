package io.tally.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Test helper: reads Arrow files and CSV files into rows of plain Java values (Long, Integer,
 * Double, BigDecimal, LocalDate, String, List of String, null), independently of the writer code.
 */
final class TestTables {
    private TestTables() {}

    /**
     * A table read back: its schema (as written, dictionary fields carry their encoding) and rows.
     */
    record Table(Schema schema, List<Object[]> rows) {}

    static Table readArrow(Path path) throws IOException {
        try (RootAllocator allocator = new RootAllocator()) {
            Table table;
            try (FileChannel channel = FileChannel.open(path);
                    ArrowFileReader reader = new ArrowFileReader(channel, allocator)) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                Map<Long, Dictionary> dictionaries = reader.getDictionaryVectors();
                List<Object[]> rows = new ArrayList<>();
                while (reader.loadNextBatch()) {
                    List<FieldVector> vectors = root.getFieldVectors();
                    for (int r = 0; r < root.getRowCount(); r++) {
                        Object[] row = new Object[vectors.size()];
                        for (int c = 0; c < row.length; c++) {
                            row[c] = value(vectors.get(c), r, dictionaries);
                        }
                        rows.add(row);
                    }
                }
                table = new Table(root.getSchema(), rows);
            }
            assertEquals(0, allocator.getAllocatedMemory(), "reader leaked Arrow memory");
            return table;
        }
    }

    private static Object value(FieldVector vector, int r, Map<Long, Dictionary> dictionaries) {
        if (vector.isNull(r)) {
            return null;
        }
        if (vector.getField().getDictionary() != null) {
            Dictionary dictionary = dictionaries.get(vector.getField().getDictionary().getId());
            return value(dictionary.getVector(), ((IntVector) vector).get(r), dictionaries);
        }
        if (vector instanceof BigIntVector v) {
            return v.get(r);
        } else if (vector instanceof IntVector v) {
            return v.get(r);
        } else if (vector instanceof Float8Vector v) {
            return v.get(r);
        } else if (vector instanceof DecimalVector v) {
            return v.getObject(r);
        } else if (vector instanceof DateDayVector v) {
            return LocalDate.ofEpochDay(v.get(r));
        } else if (vector instanceof VarCharVector v) {
            return new String(v.get(r), StandardCharsets.UTF_8);
        } else if (vector instanceof ListVector v) {
            VarCharVector items = (VarCharVector) v.getDataVector();
            List<String> list = new ArrayList<>();
            for (int i = v.getElementStartIndex(r); i < v.getElementEndIndex(r); i++) {
                list.add(new String(items.get(i), StandardCharsets.UTF_8));
            }
            return list;
        }
        throw new AssertionError("unexpected vector " + vector.getClass());
    }

    /**
     * Parses a CSV (or .csv.gz) file with commons-csv, typing cells by the Arrow schema's fields.
     */
    static List<Object[]> readCsv(Path path, Schema schema) throws IOException {
        List<Field> fields = schema.getFields();
        try (InputStream raw = Files.newInputStream(path);
                InputStream in = path.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
                Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
                CSVParser parser =
                        CSVFormat.RFC4180
                                .builder()
                                .setHeader()
                                .setSkipHeaderRecord(true)
                                .get()
                                .parse(reader)) {
            List<String> header = parser.getHeaderNames();
            assertEquals(fields.stream().map(Field::getName).toList(), header, "CSV header");
            List<Object[]> rows = new ArrayList<>();
            for (CSVRecord record : parser) {
                assertEquals(
                        fields.size(),
                        record.size(),
                        "cells in CSV record " + record.getRecordNumber());
                Object[] row = new Object[fields.size()];
                for (int c = 0; c < row.length; c++) {
                    String cell = record.get(c);
                    row[c] = cell.isEmpty() ? null : parse(fields.get(c), cell);
                }
                rows.add(row);
            }
            return rows;
        }
    }

    private static Object parse(Field field, String cell) {
        ArrowType type = field.getType();
        if (field.getDictionary() != null || type instanceof ArrowType.Utf8) {
            return cell;
        } else if (type instanceof ArrowType.Int i) {
            return i.getBitWidth() == 64
                    ? (Object) Long.parseLong(cell)
                    : (Object) Integer.parseInt(cell);
        } else if (type instanceof ArrowType.FloatingPoint) {
            return Double.parseDouble(cell);
        } else if (type instanceof ArrowType.Decimal) {
            return new BigDecimal(cell);
        } else if (type instanceof ArrowType.Date) {
            return LocalDate.parse(cell);
        } else if (type instanceof ArrowType.List) {
            assert cell.startsWith("[") && cell.endsWith("]") : cell;
            return Arrays.asList(cell.substring(1, cell.length() - 1).split(",", -1));
        }
        throw new AssertionError("unexpected type " + type);
    }

    /** Asserts two row lists are equal cell by cell, with the first difference in the message. */
    static void assertSameRows(List<Object[]> expected, List<Object[]> actual) {
        assertEquals(expected.size(), actual.size(), "row count");
        for (int r = 0; r < expected.size(); r++) {
            assertEquals(Arrays.asList(expected.get(r)), Arrays.asList(actual.get(r)), "row " + r);
        }
    }
}
