package io.tally.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Parse tree of {@code SHOW name} (one setting), {@code SHOW ALL} (every setting) and {@code SHOW
 * TABLES}.
 *
 * <p>Its kind is {@link SqlKind#OTHER}; operands are the subject as a symbol literal and the
 * setting name (null unless the subject is {@link Subject#SETTING}).
 */
public final class SqlShow extends SqlCall {
    /** The operator of every {@code SHOW} call; rebuilds calls when a tree is copied. */
    public static final SqlOperator OPERATOR =
            new SqlSpecialOperator("SHOW", SqlKind.OTHER) {
                @Override
                public SqlCall createCall(
                        @Nullable SqlLiteral functionQualifier,
                        SqlParserPos pos,
                        @Nullable SqlNode... operands) {
                    Objects.requireNonNull(operands, "operands");
                    SqlLiteral subject =
                            (SqlLiteral) Objects.requireNonNull(operands[0], "subject");
                    return new SqlShow(
                            pos, subject.getValueAs(Subject.class), (SqlIdentifier) operands[1]);
                }
            };

    /** What a {@code SHOW} statement lists. */
    public enum Subject {
        /** One named setting ({@code SHOW name}). */
        SETTING,
        /** Every setting ({@code SHOW ALL}). */
        ALL_SETTINGS,
        /** The tables of the current schema ({@code SHOW TABLES}). */
        TABLES
    }

    private Subject subject;
    private @Nullable SqlIdentifier name;

    /** Creates a SHOW statement; {@code name} must be given exactly when subject is SETTING. */
    public SqlShow(SqlParserPos pos, Subject subject, @Nullable SqlIdentifier name) {
        super(pos);
        this.subject = Objects.requireNonNull(subject, "subject");
        this.name = name;
        checkName();
    }

    /** {@code SHOW name}. */
    public static SqlShow setting(SqlParserPos pos, SqlIdentifier name) {
        return new SqlShow(pos, Subject.SETTING, Objects.requireNonNull(name, "name"));
    }

    /** {@code SHOW ALL}. */
    public static SqlShow allSettings(SqlParserPos pos) {
        return new SqlShow(pos, Subject.ALL_SETTINGS, null);
    }

    /** {@code SHOW TABLES}. */
    public static SqlShow tables(SqlParserPos pos) {
        return new SqlShow(pos, Subject.TABLES, null);
    }

    /** What is shown. */
    public Subject subject() {
        return subject;
    }

    /**
     * The setting's name for {@code SHOW name}; null for {@code SHOW ALL} and {@code SHOW TABLES}.
     */
    public @Nullable SqlIdentifier name() {
        return name;
    }

    /** Whether this is {@code SHOW TABLES}. */
    public boolean isTables() {
        return subject == Subject.TABLES;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @SuppressWarnings("nullness")
    @Override
    public List<SqlNode> getOperandList() {
        List<SqlNode> operands = new ArrayList<>(2);
        operands.add(SqlLiteral.createSymbol(subject, SqlParserPos.ZERO));
        operands.add(name);
        return operands;
    }

    @Override
    public void setOperand(int i, @Nullable SqlNode operand) {
        switch (i) {
            case 0:
                subject =
                        ((SqlLiteral) Objects.requireNonNull(operand, "subject"))
                                .getValueAs(Subject.class);
                break;
            case 1:
                name = (SqlIdentifier) operand;
                break;
            default:
                throw new IndexOutOfBoundsException("SHOW has 2 operands, not " + (i + 1));
        }
        checkName();
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("SHOW");
        switch (subject) {
            case ALL_SETTINGS:
                writer.keyword("ALL");
                break;
            case TABLES:
                writer.keyword("TABLES");
                break;
            default:
                Objects.requireNonNull(name, "name").unparse(writer, leftPrec, rightPrec);
        }
    }

    private void checkName() {
        if ((subject == Subject.SETTING) != (name != null)) {
            throw new IllegalArgumentException("SHOW " + subject + " with name " + name);
        }
    }
}
