package io.tally.catalog;

import io.tally.schema.DataFileException;
import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.SchemaFactory;
import org.apache.calcite.schema.SchemaPlus;

/**
 * Creates a {@link TallySchema} from a Calcite model: operand {@code directory} (relative paths
 * resolve against the model's {@code baseDirectory}).
 */
public final class TallySchemaFactory implements SchemaFactory {
    /** Operand naming the data directory. */
    public static final String DIRECTORY = "directory";

    @Override
    public Schema create(SchemaPlus parentSchema, String name, Map<String, Object> operand) {
        Object directory = operand.get(DIRECTORY);
        if (directory == null) {
            throw new DataFileException("Schema '" + name + "' needs operand '" + DIRECTORY + "'");
        }
        Path path = Path.of(directory.toString());
        Object base = operand.get("baseDirectory");
        if (!path.isAbsolute() && base != null) {
            path = (base instanceof File f ? f.toPath() : Path.of(base.toString())).resolve(path);
        }
        return TallySchema.forDirectory(path);
    }
}
