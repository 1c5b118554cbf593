package io.tally.parser;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Parse tree of a statement that would change data or schema ({@code INSERT}, {@code UPDATE},
 * {@code CREATE TABLE}, ...). Tally is read-only: the parser keeps only what the statement would
 * do, and preparing it fails with {@link #message()}.
 *
 * <p>Its kind is {@link SqlKind#OTHER}; it has no operands.
 */
public final class SqlReadOnlyStatement extends SqlCall {
    /** The operator of every read-only rejection. */
    public static final SqlOperator OPERATOR = new SqlSpecialOperator("READ ONLY", SqlKind.OTHER);

    private final String verb;

    /** Creates the rejection of a statement starting with {@code verb} ({@code INSERT}, ...). */
    public SqlReadOnlyStatement(SqlParserPos pos, String verb) {
        super(pos);
        this.verb = Objects.requireNonNull(verb, "verb").toUpperCase(Locale.ROOT);
    }

    /** What the statement would have done, upper case: {@code INSERT}, {@code CREATE TABLE}. */
    public String verb() {
        return verb;
    }

    /** The one-line error a client sees. */
    public String message() {
        return "Tally is read-only: " + verb + " is not supported";
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of();
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(verb);
        writer.literal("...");
    }
}
