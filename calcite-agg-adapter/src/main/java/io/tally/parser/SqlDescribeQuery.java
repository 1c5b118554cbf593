package io.tally.parser;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Parse tree of {@code DESCRIBE query}: the query is not run; its result columns are listed (name,
 * type, nullability), as DuckDB's {@code DESCRIBE SELECT ...} does.
 *
 * <p>Its kind is {@link SqlKind#OTHER} (Calcite parses {@code DESCRIBE query} as an EXPLAIN); its
 * one operand is the query.
 */
public final class SqlDescribeQuery extends SqlCall {
    /** The operator of every {@code DESCRIBE query} call; rebuilds calls when a tree is copied. */
    public static final SqlOperator OPERATOR =
            new SqlSpecialOperator("DESCRIBE", SqlKind.OTHER) {
                @Override
                public SqlCall createCall(
                        @Nullable SqlLiteral functionQualifier,
                        SqlParserPos pos,
                        @Nullable SqlNode... operands) {
                    Objects.requireNonNull(operands, "operands");
                    return new SqlDescribeQuery(pos, Objects.requireNonNull(operands[0], "query"));
                }
            };

    private SqlNode query;

    /** Creates {@code DESCRIBE query}. */
    public SqlDescribeQuery(SqlParserPos pos, SqlNode query) {
        super(pos);
        this.query = Objects.requireNonNull(query, "query");
    }

    /** The query whose result columns are described. */
    public SqlNode query() {
        return query;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(query);
    }

    @Override
    public void setOperand(int i, @Nullable SqlNode operand) {
        if (i != 0) {
            throw new IndexOutOfBoundsException("DESCRIBE has 1 operand, not " + (i + 1));
        }
        query = Objects.requireNonNull(operand, "query");
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("DESCRIBE");
        query.unparse(writer, 0, 0);
    }
}
