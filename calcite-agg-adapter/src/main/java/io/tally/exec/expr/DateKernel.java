package io.tally.exec.expr;

import io.tally.batch.DataType;

/**
 * Date functions on DATE values (days since 1970-01-01, proleptic Gregorian calendar): {@code
 * EXTRACT(YEAR | MONTH | DAY FROM d)} and {@code d + n DAYS}. NULL in, NULL out.
 */
final class DateKernel extends Kernel {
    /** Days from 0000-03-01 to 1970-01-01 in the civil-from-days algorithm. */
    private static final long EPOCH_SHIFT = 719_468;

    private static final long DAYS_PER_ERA = 146_097;
    private static final long YEARS_PER_ERA = 400;

    private final Op op;
    private final Kernel[] args;
    private final Column out = new Column();

    DateKernel(DataType type, Op op, Kernel... args) {
        super(type);
        this.op = op;
        this.args = args;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        Column d = args[0].eval(frame, active);
        long[] x = d.longs;
        long[] r = out.longs(n);
        if (op == Op.DATE_PLUS_DAYS) {
            Column days = args[1].eval(frame, active);
            out.unionNulls(d, days, n);
            for (int i = 0; i < n; i++) {
                r[i] = x[i] + days.longs[i];
            }
            Narrow.wrap(type, r, n);
            return out;
        }
        out.copyNulls(d, n);
        for (int i = 0; i < n; i++) {
            r[i] = field(x[i], op);
        }
        return out;
    }

    /** Year, month (1-12) or day of month of {@code epochDay}. */
    static long field(long epochDay, Op op) {
        long z = epochDay + EPOCH_SHIFT;
        long era = Math.floorDiv(z, DAYS_PER_ERA);
        long dayOfEra = z - era * DAYS_PER_ERA;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        long day = dayOfYear - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        long year = yearOfEra + era * YEARS_PER_ERA + (month <= 2 ? 1 : 0);
        switch (op) {
            case EXTRACT_YEAR:
                return year;
            case EXTRACT_MONTH:
                return month;
            default:
                return day;
        }
    }
}
