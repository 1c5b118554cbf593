package io.tally.schema;

import java.lang.reflect.Method;
import java.util.Map;
import org.apache.calcite.linq4j.function.Parameter;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.TableMacroImpl;

/**
 * Tally's table functions, as Calcite table macros: {@code numbers(n)} is a table of one BIGINT
 * column {@code number} holding 0 .. n-1, used as {@code SELECT ... FROM TABLE(numbers(10))}.
 */
public final class TallyFunctions {
  private TallyFunctions() {}

  /** The table of 0 .. n-1; throws for negative {@code n}. */
  public static TranslatableTable numbers(@Parameter(name = "n") long n) {
    return new TallyTable(new NumbersData(n));
  }

  /** Every table function by SQL name. */
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
