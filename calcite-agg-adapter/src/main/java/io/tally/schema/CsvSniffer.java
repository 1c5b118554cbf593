package io.tally.schema;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

/**
 * Detects how a CSV file is written from its first {@link #SAMPLE_BYTES} bytes, as DuckDB's sniffer
 * does: the delimiter ({@code ,} {@code ;} tab {@code |}) and quote ({@code "} or {@code '}) that
 * split the sample into the most rows of one consistent field count (then the most fields); then
 * column types from up to {@link #SAMPLE_ROWS} rows (BOOLEAN {@code true/false/yes/no}, BIGINT,
 * DOUBLE, DATE and TIMESTAMP in the layouts of {@link CsvDateFormat#CANDIDATES}, else VARCHAR);
 * then whether the first row is a header (it is when one of its values does not fit the type the
 * rows below give its column, or when every column is text). {@link CsvOptions} fix any part
 * instead.
 */
final class CsvSniffer {
    /** Bytes read from the start of the file to sniff it. */
    static final int SAMPLE_BYTES = 8 << 20;

    /** Rows read to infer types; bounded so opening a large file stays cheap. */
    static final int SAMPLE_ROWS = 20_000;

    /** Rows tokenized per candidate dialect. */
    static final int DIALECT_ROWS = 1_000;

    /** Share of sampled rows that must have the same field count for a dialect to be consistent. */
    private static final double CONSISTENT_SHARE = 0.9;

    private static final byte[] DELIMITERS = {',', ';', '\t', '|'};
    private static final byte[] QUOTES = {'"', '\''};

    private static final int BOOLEAN = 0;
    private static final int BIGINT = 1;
    private static final int DOUBLE = 2;
    private static final int DATE = 3;
    private static final int TIMESTAMP = 4;
    private static final int ALL_KINDS = (1 << 5) - 1;

    private CsvSniffer() {}

    /** Sniffs {@code file}; throws {@link DataFileException} naming it for an empty file. */
    static CsvFormat sniff(Path file, CsvOptions options) {
        byte[] sample;
        boolean wholeFile;
        try (InputStream in =
                CsvFiles.isGzip(file)
                        ? new GZIPInputStream(Files.newInputStream(file), CsvSource.BUFFER_BYTES)
                        : Files.newInputStream(file)) {
            sample = in.readNBytes(SAMPLE_BYTES);
            wholeFile = in.read() < 0;
        } catch (IOException e) {
            throw new DataFileException(file + ": cannot read CSV file: " + e.getMessage(), e);
        }
        int start =
                sample.length >= 3
                                && (sample[0] & 0xff) == 0xEF
                                && (sample[1] & 0xff) == 0xBB
                                && (sample[2] & 0xff) == 0xBF
                        ? 3
                        : 0;
        int limit = sample.length;
        if (!wholeFile) {
            while (limit > start && sample[limit - 1] != '\n') {
                limit--; // whole lines only (a quoted line break may still be cut: then rows are
                // fewer)
            }
        }
        if (CsvBytes.isBlank(sample, start, limit) || onlyLineBreaks(sample, start, limit)) {
            throw new DataFileException(file + ": CSV file is empty");
        }
        CsvDialect dialect = dialect(options, sample, start, limit);
        Sample rows = Sample.read(file, dialect, sample, start, limit, wholeFile, SAMPLE_ROWS + 1);
        return infer(file, options, dialect, rows);
    }

    private static boolean onlyLineBreaks(byte[] b, int start, int limit) {
        for (int i = start; i < limit; i++) {
            if (b[i] != '\n' && b[i] != '\r' && b[i] != ' ') {
                return false;
            }
        }
        return true;
    }

    private static CsvDialect dialect(CsvOptions options, byte[] sample, int start, int limit) {
        byte[] delimiters =
                options.delimiter() != null ? new byte[] {options.delimiter()} : DELIMITERS;
        byte[] quotes = options.quote() != null ? new byte[] {options.quote()} : QUOTES;
        CsvDialect best = null;
        long bestScore = -1;
        for (byte delimiter : delimiters) {
            for (byte quote : quotes) {
                byte escape = options.escape() != null ? options.escape() : quote;
                CsvDialect candidate =
                        new CsvDialect(
                                delimiter,
                                quote,
                                escape,
                                true,
                                options.nullPadding(),
                                options.nullString());
                long score = score(candidate, sample, start, limit);
                if (score > bestScore) {
                    best = candidate;
                    bestScore = score;
                }
            }
        }
        if (bestScore < 0) {
            // no candidate splits the sample cleanly: parse with the first, which reports the error
            best =
                    new CsvDialect(
                            delimiters[0],
                            quotes[0],
                            options.escape() != null ? options.escape() : quotes[0],
                            true,
                            options.nullPadding(),
                            options.nullString());
        }
        return best;
    }

    /**
     * Rows with the most common field count, weighted so that more fields win ties; -1 if the
     * dialect cannot split the sample.
     */
    private static long score(CsvDialect dialect, byte[] b, int start, int limit) {
        CsvTokenizer tokenizer = new CsvTokenizer(dialect);
        int[] counts = new int[DIALECT_ROWS];
        int rows = 0;
        int pos = start;
        while (rows < DIALECT_ROWS && pos < limit) {
            if (b[pos] == '\n' || b[pos] == '\r') {
                pos++;
                continue;
            }
            int next = tokenizer.record(b, pos, limit, true);
            if (next == CsvTokenizer.MALFORMED) {
                // judged by the rows before the fault: the scan reports it if this dialect wins
                return rows == 0 ? -1 : score(counts, rows);
            }
            counts[rows++] = tokenizer.fields();
            pos = next;
        }
        return score(counts, rows);
    }

    /**
     * Orders dialects: one that splits lines at all (more than one field) first, then one whose
     * rows almost all ({@link #CONSISTENT_SHARE}) have the most common field count, then more
     * fields, then more rows of that count.
     */
    private static long score(int[] counts, int rows) {
        int[] sorted = Arrays.copyOf(counts, rows);
        Arrays.sort(sorted);
        int mode = 0;
        int modeRows = 0;
        for (int i = 0; i < rows; ) {
            int j = i;
            while (j < rows && sorted[j] == sorted[i]) {
                j++;
            }
            if (j - i > modeRows || (j - i == modeRows && sorted[i] > mode)) {
                mode = sorted[i];
                modeRows = j - i;
            }
            i = j;
        }
        long splits = mode > 1 ? 1 : 0;
        long consistent = modeRows >= CONSISTENT_SHARE * rows ? 1 : 0;
        return splits << 62 | consistent << 61 | (long) Math.min(mode, 1 << 20) << 32 | modeRows;
    }

    private static CsvFormat infer(
            Path file, CsvOptions options, CsvDialect sniffed, Sample sample) {
        List<String[]> rows = sample.rows;
        int columns = rows.get(0).length;
        for (String[] row : rows) {
            columns = Math.max(columns, row.length);
        }
        Boolean header = options.header();
        Kinds below =
                Kinds.of(rows.subList(Math.min(1, rows.size()), rows.size()), columns, options);
        if (header == null) {
            header = below.rejects(rows.get(0)) || below.allText() || rows.size() == 1;
        }
        Kinds kinds = header ? below : Kinds.of(rows, columns, options);
        List<String> names = new ArrayList<>(columns);
        List<CsvType> declaredTypes = new ArrayList<>(Collections.nCopies(columns, null));
        if (header) {
            String[] first = Arrays.copyOf(rows.get(0), columns);
            CsvHeader parsed = CsvHeader.parse(file, Arrays.asList(first));
            names.addAll(parsed.names);
            declaredTypes = parsed.declared;
        } else {
            for (int c = 0; c < columns; c++) {
                names.add("column" + c);
            }
        }
        List<CsvType> types = new ArrayList<>(columns);
        List<CsvDateFormat> formats = new ArrayList<>(columns);
        List<Boolean> declared = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
            CsvType type = declaredTypes.get(c);
            declared.add(type != null);
            if (type == null) {
                type = options.allVarchar() ? CsvType.VARCHAR : kinds.type(c);
            }
            types.add(type);
            formats.add(
                    type.kind() == CsvType.Kind.DATE
                            ? kinds.dateFormat(c, options.dateFormat())
                            : type.kind() == CsvType.Kind.TIMESTAMP
                                    ? kinds.dateFormat(c, options.timestampFormat())
                                    : null);
        }
        CsvDialect dialect =
                new CsvDialect(
                        sniffed.delimiter(),
                        sniffed.quote(),
                        sniffed.escape(),
                        header,
                        sniffed.nullPadding(),
                        sniffed.nullString());
        long dataRows = rows.size() - (header ? 1 : 0);
        return new CsvFormat(
                dialect,
                List.copyOf(names),
                List.copyOf(types),
                Collections.unmodifiableList(formats),
                List.copyOf(declared),
                dataRows,
                sample.bytes,
                sample.wholeFile);
    }

    /** The first rows of the sample as text ({@code null}: NULL), and where they end. */
    private record Sample(List<String[]> rows, long bytes, boolean wholeFile) {
        static Sample read(
                Path file,
                CsvDialect dialect,
                byte[] b,
                int start,
                int limit,
                boolean wholeFile,
                int maxRows) {
            CsvTokenizer tokenizer = new CsvTokenizer(dialect);
            List<String[]> rows = new ArrayList<>();
            int pos = start;
            while (rows.size() < maxRows && pos < limit) {
                if (b[pos] == '\n' || b[pos] == '\r') {
                    pos++;
                    continue;
                }
                int next = tokenizer.record(b, pos, limit, true);
                if (next == CsvTokenizer.MALFORMED) {
                    if (!wholeFile && !rows.isEmpty()) {
                        break; // the sample may cut a quoted field; the scan reports real errors
                    }
                    throw new DataFileException(
                            file
                                    + ":"
                                    + CsvLines.lineAt(file, tokenizer.errorAt())
                                    + ": malformed CSV ("
                                    + dialect
                                    + "): "
                                    + tokenizer.error());
                }
                String[] row = new String[tokenizer.fields()];
                byte[] scratch = null;
                for (int f = 0; f < row.length; f++) {
                    int s = tokenizer.start(f);
                    int e = tokenizer.end(f);
                    boolean quoted = s > 0 && b[s - 1] == dialect.quote() && dialect.quoting();
                    if (tokenizer.escaped(f)) {
                        scratch =
                                scratch == null || scratch.length < e - s
                                        ? new byte[e - s]
                                        : scratch;
                        row[f] = CsvBytes.text(scratch, 0, tokenizer.unescape(b, f, scratch));
                    } else if (!quoted
                            && (s == e
                                    || (!dialect.nullString().isEmpty()
                                            && CsvBytes.text(b, s, e)
                                                    .equals(dialect.nullString())))) {
                        row[f] = null;
                    } else {
                        row[f] = CsvBytes.text(b, s, e);
                    }
                }
                rows.add(row);
                pos = next;
            }
            return new Sample(rows, pos, wholeFile && pos >= limit);
        }
    }

    /** Per column: the types (bit set) and date layouts every non-NULL value still parses as. */
    private static final class Kinds {
        private final int[] kinds;
        private final int[] dateFormats;
        private final int[] timestampFormats;
        private final boolean[] seen;

        private Kinds(int columns) {
            kinds = new int[columns];
            dateFormats = new int[columns];
            timestampFormats = new int[columns];
            seen = new boolean[columns];
            Arrays.fill(kinds, ALL_KINDS);
            Arrays.fill(dateFormats, (1 << CsvDateFormat.CANDIDATES.size()) - 1);
            Arrays.fill(timestampFormats, (1 << CsvDateFormat.CANDIDATES.size()) - 1);
        }

        static Kinds of(List<String[]> rows, int columns, CsvOptions options) {
            Kinds k = new Kinds(columns);
            if (options.dateFormat() != null) {
                Arrays.fill(
                        k.dateFormats, 1 << CsvDateFormat.CANDIDATES.indexOf(options.dateFormat()));
            }
            if (options.timestampFormat() != null) {
                Arrays.fill(
                        k.timestampFormats,
                        1 << CsvDateFormat.CANDIDATES.indexOf(options.timestampFormat()));
            }
            for (String[] row : rows) {
                for (int c = 0; c < row.length; c++) {
                    if (row[c] != null && !row[c].isBlank()) {
                        k.seen[c] = true;
                        k.narrow(c, row[c]);
                    }
                }
            }
            return k;
        }

        private void narrow(int c, String value) {
            if ((kinds[c] & (1 << BOOLEAN)) != 0
                    && !parses(() -> CsvValues.parseBooleanWord(value))) {
                kinds[c] &= ~(1 << BOOLEAN);
            }
            if ((kinds[c] & (1 << BIGINT)) != 0 && !parses(() -> CsvValues.parseLong(value))) {
                kinds[c] &= ~(1 << BIGINT);
            }
            if ((kinds[c] & (1 << DOUBLE)) != 0 && !parses(() -> CsvValues.parseDouble(value))) {
                kinds[c] &= ~(1 << DOUBLE);
            }
            dateFormats[c] = formats(dateFormats[c], f -> f.parseDate(value));
            if (dateFormats[c] == 0) {
                kinds[c] &= ~(1 << DATE);
            }
            timestampFormats[c] = formats(timestampFormats[c], f -> f.parseTimestamp(value));
            if (timestampFormats[c] == 0) {
                kinds[c] &= ~(1 << TIMESTAMP);
            }
        }

        private static int formats(int mask, Consumer<CsvDateFormat> parse) {
            int remaining = mask;
            for (int i = 0; i < CsvDateFormat.CANDIDATES.size(); i++) {
                CsvDateFormat f = CsvDateFormat.CANDIDATES.get(i);
                if ((remaining & (1 << i)) != 0 && !parses(() -> parse.accept(f))) {
                    remaining &= ~(1 << i);
                }
            }
            return remaining;
        }

        private static boolean parses(Runnable parse) {
            try {
                parse.run();
                return true;
            } catch (CsvValues.BadValue | ArithmeticException e) {
                return false;
            }
        }

        CsvType type(int c) {
            if (!seen[c]) {
                return CsvType.VARCHAR;
            }
            int k = kinds[c];
            if ((k & (1 << BOOLEAN)) != 0) {
                return CsvType.BOOLEAN;
            }
            if ((k & (1 << BIGINT)) != 0) {
                return CsvType.BIGINT;
            }
            if ((k & (1 << DOUBLE)) != 0) {
                return CsvType.DOUBLE;
            }
            if ((k & (1 << DATE)) != 0) {
                return CsvType.DATE;
            }
            if ((k & (1 << TIMESTAMP)) != 0) {
                return CsvType.TIMESTAMP;
            }
            return CsvType.VARCHAR;
        }

        CsvDateFormat dateFormat(int c, CsvDateFormat fixed) {
            if (fixed != null) {
                return fixed;
            }
            int mask = type(c).kind() == CsvType.Kind.DATE ? dateFormats[c] : timestampFormats[c];
            return mask == 0
                    ? CsvDateFormat.ISO
                    : CsvDateFormat.CANDIDATES.get(Integer.numberOfTrailingZeros(mask));
        }

        /** Whether every column is VARCHAR. */
        boolean allText() {
            for (int c = 0; c < kinds.length; c++) {
                if (type(c) != CsvType.VARCHAR) {
                    return false;
                }
            }
            return true;
        }

        /** Whether some value of {@code row} does not parse as its column's type. */
        boolean rejects(String[] row) {
            for (int c = 0; c < row.length && c < kinds.length; c++) {
                CsvType type = type(c);
                String v = row[c];
                if (type == CsvType.VARCHAR || v == null || v.isBlank()) {
                    continue;
                }
                CsvDateFormat f = dateFormat(c, null);
                boolean ok;
                switch (type.kind()) {
                    case BOOLEAN:
                        ok = parses(() -> CsvValues.parseBooleanWord(v));
                        break;
                    case BIGINT:
                        ok = parses(() -> CsvValues.parseLong(v));
                        break;
                    case DOUBLE:
                        ok = parses(() -> CsvValues.parseDouble(v));
                        break;
                    case DATE:
                        ok = parses(() -> f.parseDate(v));
                        break;
                    default:
                        ok = parses(() -> f.parseTimestamp(v));
                        break;
                }
                if (!ok) {
                    return true;
                }
            }
            return false;
        }
    }
}
