package io.tally.runtime;

import io.tally.schema.ScanData;
import io.tally.schema.ScanEnumerable;
import io.tally.schema.ScanFilter;
import java.lang.reflect.Method;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.tree.Types;

/**
 * Every runtime method that Tally's generated code calls, resolved once by reflection (the pattern
 * of Calcite's {@code BuiltInMethod}). Each target's javadoc points back to its entry.
 */
public enum TallyMethod {
    /**
     * {@link ScanEnumerable#scan(DataContext, ScanData, int[], ScanFilter)}: rows and batches of a
     * table, skipping what the pushed filter rules out.
     */
    SCAN(
            ScanEnumerable.class,
            "scan",
            DataContext.class,
            ScanData.class,
            int[].class,
            ScanFilter.class),
    /** {@link ScanEnumerable#rowCount}: {@code COUNT(*)} from a file's metadata. */
    ROW_COUNT(ScanEnumerable.class, "rowCount", ScanData.class, int.class),
    /** {@link TallyRuntime#aggregate}: a blocked aggregate over rows or a scan's batches. */
    AGGREGATE(
            TallyRuntime.class,
            "aggregate",
            DataContext.class,
            Enumerable.class,
            BlockedAggregateCall.class),
    /** {@link ProfileRuntime#profile}: an operator's output, measured for EXPLAIN ANALYZE. */
    PROFILE(
            ProfileRuntime.class,
            "profile",
            DataContext.class,
            Enumerable.class,
            int.class,
            boolean.class),
    /** {@link BatchCalcEnumerable#calc}: a filter and projection evaluated on Arrow batches. */
    BATCH_CALC(
            BatchCalcEnumerable.class,
            "calc",
            DataContext.class,
            Enumerable.class,
            BatchCalcCall.class),
    /** {@link HeapBudget#budget}: rows a Calcite heap operator keeps, counted against the pool. */
    HEAP_BUDGET(HeapBudget.class, "budget", DataContext.class, Enumerable.class, String.class);

    /** The resolved method. */
    public final Method method;

    TallyMethod(Class<?> owner, String name, Class<?>... parameterTypes) {
        this.method = Types.lookupMethod(owner, name, parameterTypes);
    }
}
