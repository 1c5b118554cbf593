package io.tally.exec.expr;

import io.tally.batch.DataType;

/** An input column, read from the batch once per pass and shared by every reader. */
final class InputKernel extends Kernel {
    private final int column;

    InputKernel(DataType type, int column) {
        super(type);
        this.column = column;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        return frame.input(column);
    }
}
