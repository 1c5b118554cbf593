package io.tally.runtime;

import io.tally.batch.DataType;
import io.tally.exec.expr.CalcProgram;
import java.io.Serializable;
import java.util.List;

/**
 * Everything a {@code io.tally.plan.TallyBatchCalc} hands to the runtime: the program, the output
 * column names, the runtime types of the input columns (for packing rows when the input turns out
 * not to be a batch source), and the row shapes of its input and output.
 */
public record BatchCalcCall(
        CalcProgram program,
        List<String> names,
        List<DataType> inputRowTypes,
        RowShape inputShape,
        RowShape outputShape,
        String operatorName)
        implements Serializable {
    public BatchCalcCall {
        names = List.copyOf(names);
        inputRowTypes = List.copyOf(inputRowTypes);
    }
}
