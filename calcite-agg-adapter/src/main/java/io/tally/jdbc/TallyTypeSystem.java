package io.tally.jdbc;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Tally's type rules, as PostgreSQL and DuckDB users expect: DECIMAL holds up to 38 digits (the
 * 128-bit values Arrow and the runtime hold; Calcite's default is 19), so SUM of DECIMAL(p, s) is
 * DECIMAL(38, s) as in DuckDB; SUM of an integer type is BIGINT; AVG, STDDEV and VARIANCE of an
 * exact or integer type (DECIMAL included) are DOUBLE; COVAR/CORR are DOUBLE.
 */
public final class TallyTypeSystem extends RelDataTypeSystemImpl {
    /** The instance named in the {@code typeSystem} connection property. */
    public static final TallyTypeSystem INSTANCE = new TallyTypeSystem();

    /** Most digits of a DECIMAL (the runtime's 128-bit unscaled values). */
    public static final int MAX_DECIMAL_PRECISION = 38;

    /** Digits of an unqualified DECIMAL ({@code CAST(x AS DECIMAL)}), Calcite's default. */
    static final int DEFAULT_DECIMAL_PRECISION = 19;

    private TallyTypeSystem() {}

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL
                ? MAX_DECIMAL_PRECISION
                : super.getMaxPrecision(typeName);
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL
                ? MAX_DECIMAL_PRECISION
                : super.getMaxScale(typeName);
    }

    @Override
    public int getDefaultPrecision(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL
                ? DEFAULT_DECIMAL_PRECISION
                : super.getDefaultPrecision(typeName);
    }

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        if (SqlTypeUtil.isIntType(argumentType)) {
            return nullableLike(
                    typeFactory, typeFactory.createSqlType(SqlTypeName.BIGINT), argumentType);
        }
        return super.deriveSumType(typeFactory, argumentType);
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        if (SqlTypeUtil.isNumeric(argumentType)) {
            return nullableLike(
                    typeFactory, typeFactory.createSqlType(SqlTypeName.DOUBLE), argumentType);
        }
        return super.deriveAvgAggType(typeFactory, argumentType);
    }

    @Override
    public RelDataType deriveCovarType(
            RelDataTypeFactory typeFactory, RelDataType arg0Type, RelDataType arg1Type) {
        return nullableLike(typeFactory, typeFactory.createSqlType(SqlTypeName.DOUBLE), arg0Type);
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }

    private static RelDataType nullableLike(RelDataTypeFactory f, RelDataType t, RelDataType like) {
        return f.createTypeWithNullability(t, like.isNullable());
    }
}
