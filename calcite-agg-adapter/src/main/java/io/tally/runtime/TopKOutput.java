package io.tally.runtime;

import io.tally.batch.DataType;
import io.tally.exec.topk.TopKExpander;
import java.io.Serializable;
import java.util.List;

/**
 * How an {@code io.tally.plan.EnumerableTopKPerGroup}'s groups become rows: the types of the TOP_K
 * call's arguments, and per output column its type and {@link TopKExpander.Source}.
 */
public record TopKOutput(
        List<DataType> argTypes, List<TopKExpander.Source> sources, List<DataType> outputTypes)
        implements Serializable {
    public TopKOutput {
        argTypes = List.copyOf(argTypes);
        sources = List.copyOf(sources);
        outputTypes = List.copyOf(outputTypes);
    }
}
