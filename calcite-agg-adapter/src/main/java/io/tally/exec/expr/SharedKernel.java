package io.tally.exec.expr;

/**
 * A subexpression that several places of one {@link CalcProgram} use (a common subexpression, as
 * Calcite's {@code RexProgram} shares them): evaluated once per {@link Frame} pass, its column then
 * handed to every user until the frame starts its next pass.
 *
 * <p>Only an evaluation over every row ({@code active} null) is reused: the compiler never shares a
 * node under a CASE branch (the only place rows are narrowed), so a narrowed call is not expected;
 * should one come it evaluates afresh and forgets the reused column.
 */
final class SharedKernel extends Kernel {
    private final Kernel inner;

    /** The frame pass whose values {@link #column} holds; 0: none (passes count from 1). */
    private int pass;

    private Frame frame;
    private Column column;

    SharedKernel(Kernel inner) {
        super(inner.type);
        this.inner = inner;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        if (active != null) {
            pass = 0;
            return inner.eval(frame, active);
        }
        if (this.frame != frame || pass != frame.pass()) {
            column = inner.eval(frame, null);
            this.frame = frame;
            pass = frame.pass();
        }
        return column;
    }
}
