package io.tally.jdbc;

import static org.apache.calcite.util.Static.RESOURCE;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apache.calcite.runtime.Resources;

/**
 * The SQLState of a Calcite validation error, told by its message: each pattern is built from the
 * message template of Calcite's own resource (so it follows Calcite's wording), with every argument
 * a wildcard. Errors without a pattern are {@code 42000}.
 */
final class ValidatorErrors {
    static final String UNDEFINED_TABLE = "42P01";
    static final String UNDEFINED_COLUMN = "42703";
    static final String UNDEFINED_FUNCTION = "42883";
    static final String UNDEFINED_OBJECT = "42704";
    static final String AMBIGUOUS_COLUMN = "42702";
    static final String GROUPING_ERROR = "42803";
    static final String DATATYPE_MISMATCH = "42804";
    static final String SYNTAX_OR_RULE = "42000";
    static final String INVALID_PARAMETER = SqlErrors.INVALID_PARAMETER;

    /** Stands for an argument while a template is turned into a pattern. */
    private static final String HOLE = "\u0000";

    private static final Map<Pattern, String> STATES = new LinkedHashMap<>();

    static {
        add(UNDEFINED_TABLE, a -> RESOURCE.objectNotFound(a));
        add(UNDEFINED_TABLE, a -> RESOURCE.objectNotFoundWithin(a, a));
        add(UNDEFINED_TABLE, a -> RESOURCE.objectNotFoundDidYouMean(a, a));
        add(UNDEFINED_TABLE, a -> RESOURCE.objectNotFoundWithinDidYouMean(a, a, a));
        add(UNDEFINED_TABLE, a -> RESOURCE.tableNameNotFound(a));
        add(UNDEFINED_TABLE, a -> RESOURCE.tableNameNotFoundDidYouMean(a, a));
        add(UNDEFINED_TABLE, a -> RESOURCE.schemaNotFound(a));
        add(UNDEFINED_COLUMN, a -> RESOURCE.columnNotFound(a));
        add(UNDEFINED_COLUMN, a -> RESOURCE.columnNotFoundDidYouMean(a, a));
        add(UNDEFINED_COLUMN, a -> RESOURCE.columnNotFoundInTable(a, a));
        add(UNDEFINED_COLUMN, a -> RESOURCE.columnNotFoundInTableDidYouMean(a, a, a));
        add(UNDEFINED_COLUMN, a -> RESOURCE.unknownIdentifier(a));
        add(AMBIGUOUS_COLUMN, a -> RESOURCE.columnAmbiguous(a));
        add(UNDEFINED_FUNCTION, a -> RESOURCE.validatorUnknownFunction(a));
        add(UNDEFINED_FUNCTION, a -> RESOURCE.functionUndefined(a));
        add(UNDEFINED_FUNCTION, a -> RESOURCE.functionNotFound(a));
        add(UNDEFINED_OBJECT, a -> RESOURCE.typeNotFound(a));
        add(GROUPING_ERROR, a -> RESOURCE.notGroupExpr(a));
        add(DATATYPE_MISMATCH, a -> RESOURCE.canNotApplyOp2Type(a, a, a));
        add(DATATYPE_MISMATCH, a -> RESOURCE.typeNotComparable(a, a));
        add(DATATYPE_MISMATCH, a -> RESOURCE.typeNotComparableNear(a, a));
        add(DATATYPE_MISMATCH, a -> RESOURCE.invalidTypesForArithmetic(a, a, a));
        add(DATATYPE_MISMATCH, a -> RESOURCE.cannotCastValue(a, a));
        add(INVALID_PARAMETER, a -> TallyResource.RESOURCE.dateTruncUnknownUnit(a, a));
        add(INVALID_PARAMETER, a -> TallyResource.RESOURCE.dateTruncUnitNotLiteral());
    }

    private ValidatorErrors() {}

    private static void add(String state, Function<String, Resources.Inst> template) {
        StringBuilder regex = new StringBuilder();
        for (String part : template.apply(HOLE).str().split(HOLE, -1)) {
            if (regex.length() > 0) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(part));
        }
        STATES.put(Pattern.compile(regex.toString(), Pattern.DOTALL), state);
    }

    /** The SQLState for a validator message (without its position prefix). */
    static String state(String message) {
        for (Map.Entry<Pattern, String> e : STATES.entrySet()) {
            if (e.getKey().matcher(message).matches()) {
                return e.getValue();
            }
        }
        return SYNTAX_OR_RULE;
    }
}
