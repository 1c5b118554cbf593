package io.tally.parser;

import java.util.List;
import java.util.Locale;
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
 * Parse tree of {@code EXPLAIN ANALYZE [AS TEXT | AS JSON] query}: a query to run and report with
 * runtime metrics, in the given output format.
 *
 * <p>Its kind is {@link SqlKind#OTHER} (not {@link SqlKind#EXPLAIN}, which Calcite would treat as a
 * {@code SqlExplain}); operands are the query and the format as a symbol literal.
 */
public final class SqlExplainAnalyze extends SqlCall {
    /** The operator of every {@code EXPLAIN ANALYZE} call; rebuilds calls when a tree is copied. */
    public static final SqlOperator OPERATOR =
            new SqlSpecialOperator("EXPLAIN ANALYZE", SqlKind.OTHER) {
                @Override
                public SqlCall createCall(
                        @Nullable SqlLiteral functionQualifier,
                        SqlParserPos pos,
                        @Nullable SqlNode... operands) {
                    Objects.requireNonNull(operands, "operands");
                    SqlLiteral format = (SqlLiteral) Objects.requireNonNull(operands[1], "format");
                    return new SqlExplainAnalyze(
                            pos,
                            Objects.requireNonNull(operands[0], "query"),
                            format.getValueAs(Format.class));
                }
            };

    /** The output format of the report. */
    public enum Format {
        /** An indented operator tree with metrics, one operator per line (the default). */
        TEXT,
        /** One JSON document. */
        JSON;

        /** The format named {@code name} (any case), or null if there is none. */
        public static @Nullable Format of(String name) {
            for (Format format : values()) {
                if (format.name().equals(name.toUpperCase(Locale.ROOT))) {
                    return format;
                }
            }
            return null;
        }
    }

    private SqlNode query;
    private Format format;

    /** Creates {@code EXPLAIN ANALYZE AS format query}. */
    public SqlExplainAnalyze(SqlParserPos pos, SqlNode query, Format format) {
        super(pos);
        this.query = Objects.requireNonNull(query, "query");
        this.format = Objects.requireNonNull(format, "format");
    }

    /** The query to run and report. */
    public SqlNode query() {
        return query;
    }

    /** The report's format. */
    public Format format() {
        return format;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(query, SqlLiteral.createSymbol(format, SqlParserPos.ZERO));
    }

    @Override
    public void setOperand(int i, @Nullable SqlNode operand) {
        switch (i) {
            case 0:
                query = Objects.requireNonNull(operand, "query");
                break;
            case 1:
                format =
                        ((SqlLiteral) Objects.requireNonNull(operand, "format"))
                                .getValueAs(Format.class);
                break;
            default:
                throw new IndexOutOfBoundsException(
                        "EXPLAIN ANALYZE has 2 operands, not " + (i + 1));
        }
    }

    /**
     * Writes {@code EXPLAIN ANALYZE}, then {@code AS JSON} unless the format is TEXT, then the
     * query.
     */
    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("EXPLAIN ANALYZE");
        if (format != Format.TEXT) {
            writer.keyword("AS");
            writer.keyword(format.name());
        }
        writer.newlineAndIndent();
        query.unparse(writer, 0, 0);
    }
}
