package io.tally.exec.expr;

import io.tally.batch.DataType;
import java.io.Serializable;
import java.util.List;

/**
 * What a {@link BatchCalculator} computes: rows of the input whose {@code condition} is TRUE (all
 * rows when it is null), each turned into {@code projects}. {@link Op#INPUT} expressions number the
 * input columns {@code 0 .. inputTypes.size() - 1}.
 */
public record CalcProgram(List<DataType> inputTypes, Expr condition, List<Expr> projects)
        implements Serializable {
    public CalcProgram {
        inputTypes = List.copyOf(inputTypes);
        projects = List.copyOf(projects);
        if (projects.isEmpty()) {
            throw new IllegalArgumentException("a calc needs at least one projection");
        }
    }
}
