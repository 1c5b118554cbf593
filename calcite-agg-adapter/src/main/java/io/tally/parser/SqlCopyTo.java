package io.tally.parser;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.NlsString;

/**
 * Parse tree of {@code COPY (query) TO 'path' [(option [value], ...)]}: a query whose rows are
 * written to a file. Its kind is {@link SqlKind#OTHER}; the options are kept as text (names upper
 * case) for the writer to check, and the positions of the parentheses around the query so the query
 * can be prepared from the statement's own text (see {@link #querySql}).
 */
public final class SqlCopyTo extends SqlCall {
    private static final SqlOperator OPERATOR = new SqlSpecialOperator("COPY", SqlKind.OTHER);

    private final SqlNode query;
    private final SqlParserPos open;
    private final SqlParserPos close;
    private final SqlNode path;
    private final Map<String, String> options;

    /**
     * Creates {@code COPY (query) TO path (options)}; {@code open}/{@code close} are the parens,
     * {@code options} alternate names (upper case) and values.
     */
    public SqlCopyTo(
            SqlParserPos pos,
            SqlNode query,
            SqlParserPos open,
            SqlParserPos close,
            SqlNode path,
            List<String> options) {
        super(pos);
        this.query = Objects.requireNonNull(query, "query");
        this.open = open;
        this.close = close;
        this.path = path;
        Map<String, String> byName = new LinkedHashMap<>();
        for (int i = 0; i < options.size(); i += 2) {
            byName.put(options.get(i), options.get(i + 1));
        }
        this.options = Collections.unmodifiableMap(byName);
    }

    /**
     * Adds option {@code name} (upper-cased) with {@code value} to {@code options}, names and
     * values alternating; returns false if the option is there already.
     */
    public static boolean addOption(List<String> options, String name, String value) {
        String key = name.toUpperCase(Locale.ROOT);
        for (int i = 0; i < options.size(); i += 2) {
            if (options.get(i).equals(key)) {
                return false;
            }
        }
        options.add(key);
        options.add(value);
        return true;
    }

    /** The query whose rows are written. */
    public SqlNode query() {
        return query;
    }

    /** The target path as written. */
    public String path() {
        return optionText(path);
    }

    /** Option name (upper case) to value text; a bare flag's value is {@code "true"}. */
    public Map<String, String> options() {
        return options;
    }

    /**
     * The query's text inside {@code sql}, the statement this node was parsed from: everything
     * outside the query's parentheses blanked (line breaks kept), so positions in errors about the
     * query are positions in the statement.
     */
    public String querySql(String sql) {
        int from = offset(sql, open.getEndLineNum(), open.getEndColumnNum()) + 1;
        int to = offset(sql, close.getLineNum(), close.getColumnNum());
        return blank(sql.substring(0, from)) + sql.substring(from, to) + blank(sql.substring(to));
    }

    /** The offset in {@code sql} of 1-based {@code line} and {@code column}. */
    private static int offset(String sql, int line, int column) {
        int offset = 0;
        for (int l = 1; l < line; l++) {
            offset = sql.indexOf('\n', offset) + 1;
        }
        return offset + column - 1;
    }

    private static String blank(String text) {
        return text.replaceAll("[^\\r\\n]", " ");
    }

    /** The text of an option's literal value: a string's characters, else the literal's value. */
    public static String optionText(SqlNode literal) {
        Object value = ((SqlLiteral) literal).getValue();
        return value instanceof NlsString s ? s.getValue() : ((SqlLiteral) literal).toValue();
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(query, path);
    }

    /** Writes {@code COPY (query) TO 'path'} and the options. */
    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("COPY");
        SqlWriter.Frame frame = writer.startList("(", ")");
        query.unparse(writer, 0, 0);
        writer.endList(frame);
        writer.keyword("TO");
        path.unparse(writer, 0, 0);
        if (!options.isEmpty()) {
            SqlWriter.Frame list = writer.startList("(", ")");
            options.forEach(
                    (name, value) -> {
                        writer.sep(",");
                        writer.keyword(name);
                        writer.literal("'" + value.replace("'", "''") + "'");
                    });
            writer.endList(list);
        }
    }
}
