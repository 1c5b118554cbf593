package io.tally.spark;

import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code tally} format: {@code spark.read.format("tally").load("file, folder or glob")} reads
 * CSV ({@code .csv}, {@code .csv.gz}) and Arrow IPC ({@code .arrow}) files with Tally's readers;
 * the schema is the first file's (CSV types inferred or declared in the header, as in Tally).
 */
public final class TallyDataSource implements TableProvider, DataSourceRegister {
    /** The format name. */
    public static final String NAME = "tally";

    @Override
    public String shortName() {
        return NAME;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        List<TallyFiles.DataFile> files = TallyFiles.resolve(options);
        try {
            return SparkTypes.sparkSchema(firstSchema(files));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "tally: " + files.get(0).path() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Table getTable(
            StructType schema, Transform[] partitioning, Map<String, String> properties) {
        CaseInsensitiveStringMap options = new CaseInsensitiveStringMap(properties);
        List<TallyFiles.DataFile> files = TallyFiles.resolve(options);
        Schema arrow = firstSchema(files);
        String name =
                options.containsKey("path")
                        ? options.get("path")
                        : options.getOrDefault("paths", files.get(0).path());
        return new TallyTable(name, files, arrow);
    }

    private static Schema firstSchema(List<TallyFiles.DataFile> files) {
        return files.get(0).open().schema();
    }
}
