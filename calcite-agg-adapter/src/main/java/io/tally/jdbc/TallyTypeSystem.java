package io.tally.jdbc;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Tally's type rules for aggregates, as PostgreSQL and DuckDB users expect: SUM of an integer
 * type is BIGINT; AVG, STDDEV and VARIANCE of an exact or integer type (DECIMAL included) are DOUBLE; COVAR/CORR are DOUBLE.
 */
public final class TallyTypeSystem extends RelDataTypeSystemImpl {
  /** The instance named in the {@code typeSystem} connection property. */
  public static final TallyTypeSystem INSTANCE = new TallyTypeSystem();

  private TallyTypeSystem() {}

  @Override public RelDataType deriveSumType(RelDataTypeFactory typeFactory,
      RelDataType argumentType) {
    if (SqlTypeUtil.isIntType(argumentType)) {
      return nullableLike(typeFactory, typeFactory.createSqlType(SqlTypeName.BIGINT),
          argumentType);
    }
    return super.deriveSumType(typeFactory, argumentType);
  }

  @Override public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory,
      RelDataType argumentType) {
    if (SqlTypeUtil.isNumeric(argumentType)) {
      return nullableLike(typeFactory, typeFactory.createSqlType(SqlTypeName.DOUBLE),
          argumentType);
    }
    return super.deriveAvgAggType(typeFactory, argumentType);
  }

  @Override public RelDataType deriveCovarType(RelDataTypeFactory typeFactory,
      RelDataType arg0Type, RelDataType arg1Type) {
    return nullableLike(typeFactory, typeFactory.createSqlType(SqlTypeName.DOUBLE), arg0Type);
  }

  @Override public boolean shouldConvertRaggedUnionTypesToVarying() {
    return true;
  }

  private static RelDataType nullableLike(RelDataTypeFactory f, RelDataType t, RelDataType like) {
    return f.createTypeWithNullability(t, like.isNullable());
  }
}
