package io.tally.catalog;

import io.tally.schema.NumbersData;
import java.lang.reflect.Method;
import java.util.Map;
import org.apache.calcite.linq4j.function.Parameter;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.TableMacroImpl;

/**
 * Tally's schema functions: the table macro {@code numbers(n)}, a table of one BIGINT column {@code
 * number} holding 0 .. n-1 ({@code SELECT ... FROM TABLE(numbers(10))}). MEDIAN is an operator of
 * the planner's operator table (its argument type is checked there).
 */
public final class TallyFunctions {
    private TallyFunctions() {}

    /** The table of 0 .. n-1; throws for negative {@code n}. */
    public static TranslatableTable numbers(@Parameter(name = "n") long n) {
        return new TallyTable(new NumbersData(n));
    }

    /** Every function by SQL name. */
    public static Map<String, Function> all() {
        return Map.of("numbers", TableMacroImpl.create(method("numbers", long.class)));
    }

    private static Method method(String name, Class<?>... parameterTypes) {
        try {
            return TallyFunctions.class.getMethod(name, parameterTypes);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }
}
