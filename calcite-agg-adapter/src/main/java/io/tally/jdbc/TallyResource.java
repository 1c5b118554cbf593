package io.tally.jdbc;

import org.apache.calcite.runtime.Resources;
import org.apache.calcite.runtime.Resources.BaseMessage;
import org.apache.calcite.runtime.Resources.ExInst;
import org.apache.calcite.sql.validate.SqlValidatorException;

/**
 * The messages of Tally's own validation errors, made the way Calcite makes its own ({@link
 * Resources}), so they carry the statement's position like Calcite's.
 */
public interface TallyResource {
    TallyResource RESOURCE = Resources.create(TallyResource.class);

    @BaseMessage("date_trunc''s unit must be a string literal such as ''month''")
    ExInst<SqlValidatorException> dateTruncUnitNotLiteral();

    @BaseMessage("Unknown date_trunc unit ''{0}''; expected one of {1}")
    ExInst<SqlValidatorException> dateTruncUnknownUnit(String unit, String units);
}
