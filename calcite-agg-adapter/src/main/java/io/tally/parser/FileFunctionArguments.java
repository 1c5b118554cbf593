package io.tally.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Rewrites the arguments of the file table functions the way DuckDB users write them, which Calcite
 * cannot bind as they are: {@code read_csv('x.csv', delim = ';', header => true)} becomes {@code
 * read_csv(path => 'x.csv', delim => ';', header => true)}. Calcite binds arguments by name only
 * when every argument is named, and reads {@code delim = ';'} as a comparison; so in a call of one
 * of {@link #FUNCTIONS} with any named argument, the first argument is named {@code path} and each
 * {@code name = value} becomes {@code name => value}.
 */
final class FileFunctionArguments extends SqlShuttle {
    /** The functions whose calls are rewritten. */
    static final Set<String> FUNCTIONS =
            Set.of("read_file", "read_csv", "read_parquet", "read_arrow");

    static final FileFunctionArguments INSTANCE = new FileFunctionArguments();

    private FileFunctionArguments() {}

    /** {@code node} with every file function call's arguments named. */
    static SqlNode rewrite(SqlNode node) {
        return node == null ? null : node.accept(INSTANCE);
    }

    @Override
    public @Nullable SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (!(visited instanceof SqlBasicCall c)
                || !FUNCTIONS.contains(c.getOperator().getName().toLowerCase(Locale.ROOT))
                || c.operandCount() < 2
                || !anyNamed(c.getOperandList())) {
            return visited;
        }
        List<SqlNode> operands = new ArrayList<>(c.getOperandList());
        for (int i = 0; i < operands.size(); i++) {
            SqlNode operand = operands.get(i);
            if (i == 0 && operand.getKind() != SqlKind.ARGUMENT_ASSIGNMENT) {
                operands.set(
                        0, assign(operand, new SqlIdentifier("path", operand.getParserPosition())));
            } else if (operand.getKind() == SqlKind.EQUALS
                    && ((SqlCall) operand).operand(0) instanceof SqlIdentifier name
                    && name.isSimple()) {
                operands.set(i, assign(((SqlCall) operand).operand(1), name));
            }
        }
        return c.getOperator()
                .createCall(c.getFunctionQuantifier(), c.getParserPosition(), operands);
    }

    private static boolean anyNamed(List<SqlNode> operands) {
        for (SqlNode operand : operands.subList(1, operands.size())) {
            if (operand.getKind() == SqlKind.ARGUMENT_ASSIGNMENT
                    || (operand.getKind() == SqlKind.EQUALS
                            && ((SqlCall) operand).operand(0) instanceof SqlIdentifier)) {
                return true;
            }
        }
        return false;
    }

    private static SqlNode assign(SqlNode value, SqlIdentifier name) {
        return SqlStdOperatorTable.ARGUMENT_ASSIGNMENT.createCall(
                value.getParserPosition(), value, name);
    }
}
