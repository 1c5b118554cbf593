package io.tally.spark;

import io.tally.batch.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The files of one {@code load(...)} as a readable table; its columns are the first file's. */
final class TallyTable implements SupportsRead {
    private final String name;
    private final List<TallyFiles.DataFile> files;
    private final StructType schema;
    private final List<DataType> types;

    TallyTable(String name, List<TallyFiles.DataFile> files, Schema arrowSchema) {
        this.name = name;
        this.files = List.copyOf(files);
        this.schema = SparkTypes.sparkSchema(arrowSchema);
        List<DataType> t = new ArrayList<>();
        for (Field f : arrowSchema.getFields()) {
            t.add(SparkTypes.tallyType(f));
        }
        this.types = List.copyOf(t);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public StructType schema() {
        return schema;
    }

    List<DataType> columnTypes() {
        return types;
    }

    List<TallyFiles.DataFile> files() {
        return files;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return Set.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
        return new TallyScanBuilder(this, TallyOptions.parse(options));
    }
}
