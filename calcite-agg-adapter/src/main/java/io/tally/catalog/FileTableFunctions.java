package io.tally.catalog;

import io.tally.schema.CsvOptions;
import io.tally.schema.DataFileException;
import io.tally.schema.ScanData;
import io.tally.schema.files.FileFormat;
import io.tally.schema.files.FileTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.TableMacro;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.util.NlsString;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The table functions that read files by path, bound to one connection's {@link FileTables}: {@code
 * read_file(path)} (the reader goes by the file name; {@code FROM 'path'} is short for it), {@code
 * read_csv(path, …options)}, {@code read_parquet(path)} and {@code read_arrow(path)}. Options are
 * passed by name, as in DuckDB: {@code read_csv('x.txt', delim => ';', header => false)}. The path
 * may be a glob; {@code hive_partitioning => false} keeps {@code key=value} directories from
 * becoming columns.
 */
final class FileTableFunctions {
    private static final String HIVE = "hive_partitioning";

    private FileTableFunctions() {}

    /** Every file function, by name, reading through {@code tables}. */
    static Map<String, org.apache.calcite.schema.Function> all(FileTables tables) {
        return Map.of(
                "read_file",
                        macro(
                                List.of(),
                                args ->
                                        tables.table(
                                                path(args), null, CsvOptions.AUTO, hive(args, 1))),
                "read_parquet",
                        macro(
                                List.of(),
                                args ->
                                        tables.table(
                                                path(args),
                                                FileFormat.PARQUET,
                                                CsvOptions.AUTO,
                                                hive(args, 1))),
                "read_arrow",
                        macro(
                                List.of(),
                                args ->
                                        tables.table(
                                                path(args),
                                                FileFormat.ARROW,
                                                CsvOptions.AUTO,
                                                hive(args, 1))),
                "read_csv",
                        macro(
                                CSV_OPTIONS,
                                args ->
                                        tables.table(
                                                path(args),
                                                FileFormat.CSV,
                                                csvOptions(args),
                                                hive(args, 1 + CSV_OPTIONS.size()))));
    }

    /** {@code read_csv} options after the path, before {@code hive_partitioning}. */
    private static final List<Param> CSV_OPTIONS =
            List.of(
                    new Param("delim", String.class),
                    new Param("sep", String.class),
                    new Param("quote", String.class),
                    new Param("escape", String.class),
                    new Param("header", Boolean.class),
                    new Param("dateformat", String.class),
                    new Param("timestampformat", String.class),
                    new Param("null_padding", Boolean.class),
                    new Param("nullstr", String.class),
                    new Param("all_varchar", Boolean.class));

    private static CsvOptions csvOptions(List<? extends @Nullable Object> a) {
        String delim = text(a.get(1));
        String sep = text(a.get(2));
        if (delim != null && sep != null && !delim.equals(sep)) {
            throw new DataFileException(
                    "read_csv: delim '"
                            + delim
                            + "' and sep '"
                            + sep
                            + "' disagree; give one of them");
        }
        return CsvOptions.of(
                delim != null ? delim : sep,
                text(a.get(3)),
                text(a.get(4)),
                (Boolean) a.get(5),
                text(a.get(6)),
                text(a.get(7)),
                (Boolean) a.get(8),
                text(a.get(9)),
                (Boolean) a.get(10));
    }

    private static String path(List<? extends @Nullable Object> args) {
        String path = text(args.get(0));
        if (path == null || path.isBlank()) {
            throw new DataFileException("The file path must be a non-empty string literal");
        }
        return path;
    }

    /** A string argument as Calcite passes it (a String or an NlsString), or null. */
    private static String text(@Nullable Object value) {
        return value == null
                ? null
                : value instanceof NlsString n ? n.getValue() : value.toString();
    }

    private static boolean hive(List<? extends @Nullable Object> args, int index) {
        return !Boolean.FALSE.equals(args.get(index));
    }

    /** A parameter after the path: optional, by name. */
    private record Param(String name, Class<?> type) {}

    private static TableMacro macro(
            List<Param> options, Function<List<? extends @Nullable Object>, ScanData> read) {
        List<Param> all = new ArrayList<>();
        all.add(new Param("path", String.class));
        all.addAll(options);
        all.add(new Param(HIVE, Boolean.class));
        List<FunctionParameter> parameters = new ArrayList<>(all.size());
        for (int i = 0; i < all.size(); i++) {
            Param p = all.get(i);
            int ordinal = i;
            parameters.add(
                    new FunctionParameter() {
                        @Override
                        public int getOrdinal() {
                            return ordinal;
                        }

                        @Override
                        public String getName() {
                            return p.name;
                        }

                        @Override
                        public RelDataType getType(RelDataTypeFactory typeFactory) {
                            // a Java type, as Calcite's reflective functions declare theirs, so
                            // that literal
                            // arguments arrive as String and Boolean
                            return typeFactory.createTypeWithNullability(
                                    ((JavaTypeFactory) typeFactory).createJavaType(p.type), true);
                        }

                        @Override
                        public boolean isOptional() {
                            return ordinal > 0;
                        }
                    });
        }
        return new TableMacro() {
            @Override
            public TranslatableTable apply(List<? extends @Nullable Object> arguments) {
                return new TallyTable(read.apply(arguments));
            }

            @Override
            public List<FunctionParameter> getParameters() {
                return parameters;
            }
        };
    }
}
