package io.tally.parser;

import java.io.Reader;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParserImplFactory;
import org.apache.calcite.util.SourceStringReader;

/**
 * Tally's parser: the generated {@link TallySqlParserImpl}, whose statements then have the
 * arguments of file table functions named ({@link FileFunctionArguments}).
 */
public final class TallyParser extends TallySqlParserImpl {
    /** Creates Tally parsers; give it to {@code SqlParser.Config.withParserFactory}. */
    public static final SqlParserImplFactory FACTORY =
            new SqlParserImplFactory() {
                @Override
                public SqlAbstractParserImpl getParser(Reader reader) {
                    TallyParser parser = new TallyParser(reader);
                    if (reader instanceof SourceStringReader source) {
                        String sql = source.getSourceString();
                        parser.setOriginalSql(sql);
                        parser.jj_input_stream.ReInit(reader, 1, 1, sql.length());
                    }
                    return parser;
                }
            };

    private TallyParser(Reader reader) {
        super(reader);
    }

    @Override
    public SqlNode parseSqlStmtEof() throws Exception {
        return FileFunctionArguments.rewrite(super.parseSqlStmtEof());
    }

    @Override
    public SqlNodeList parseSqlStmtList() throws Exception {
        SqlNodeList list = super.parseSqlStmtList();
        SqlNodeList out = new SqlNodeList(list.getParserPosition());
        for (SqlNode node : list) {
            out.add(FileFunctionArguments.rewrite(node));
        }
        return out;
    }
}
