package io.tally.parser;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlInternalOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code GROUP BY ALL} (DuckDB): group by every select item that contains no aggregate or window
 * function. The parser puts a {@link #placeholder} call in the GROUP BY list; Tally's validator
 * replaces it with the select items before it validates the clause.
 *
 * <p>Calcite 1.42's grammar reads {@code ALL} after {@code GROUP BY} only as the SQL set quantifier
 * ({@code GROUP BY ALL a, b}); the build patches that one choice of its template (see the pom) to
 * return the placeholder when the clause ends right after {@code ALL}.
 */
public final class SqlGroupByAll {
    /**
     * The placeholder's operator; unparses as {@code ALL} (binding as tightly as a function call,
     * so without parentheses), and the clause reads {@code GROUP BY ALL}.
     */
    public static final SqlOperator OPERATOR =
            new SqlInternalOperator("GROUP BY ALL", SqlKind.OTHER, 100) {
                @Override
                public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
                    writer.keyword("ALL");
                }
            };

    /** Tokens that may follow a complete GROUP BY clause. */
    private static final int[] CLAUSE_ENDS = {
        TallySqlParserImplConstants.EOF, TallySqlParserImplConstants.SEMICOLON,
        TallySqlParserImplConstants.RPAREN, TallySqlParserImplConstants.HAVING,
        TallySqlParserImplConstants.WINDOW, TallySqlParserImplConstants.QUALIFY,
        TallySqlParserImplConstants.ORDER, TallySqlParserImplConstants.LIMIT,
        TallySqlParserImplConstants.OFFSET, TallySqlParserImplConstants.FETCH,
        TallySqlParserImplConstants.UNION, TallySqlParserImplConstants.INTERSECT,
        TallySqlParserImplConstants.EXCEPT, TallySqlParserImplConstants.MINUS,
    };

    private SqlGroupByAll() {}

    /** Whether a token of this kind, right after {@code GROUP BY ALL}, ends the clause. */
    static boolean endsClause(int tokenKind) {
        for (int end : CLAUSE_ENDS) {
            if (tokenKind == end) {
                return true;
            }
        }
        return false;
    }

    /** The GROUP BY list standing for {@code GROUP BY ALL}. */
    static SqlNodeList placeholder(SqlParserPos pos) {
        return new SqlNodeList(List.of(OPERATOR.createCall(pos)), pos);
    }

    /** Whether a SELECT's GROUP BY list is {@code GROUP BY ALL}. */
    public static boolean isPlaceholder(SqlNodeList groupBy) {
        return groupBy != null
                && groupBy.size() == 1
                && groupBy.get(0) instanceof SqlCall
                && ((SqlCall) groupBy.get(0)).getOperator() == OPERATOR;
    }
}
