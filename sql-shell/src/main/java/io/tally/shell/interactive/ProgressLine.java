package io.tally.shell.interactive;

import io.tally.session.QueryProgress;
import io.tally.session.TallySession;
import io.tally.shell.ShellSession;
import io.tally.shell.StatementObserver;
import io.tally.shell.format.TextWidth;
import java.io.PrintWriter;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.jline.utils.InfoCmp.Capability;

/**
 * The progress line of a statement that runs longer than {@link #DELAY_MILLIS}: redrawn in place
 * (carriage return, clear to end of line) from a timer thread, from the engine's {@link
 * QueryProgress} on an embedded Tally connection, elapsed time only on others. It is erased before
 * any other output (see {@link #clear()}) and when the statement ends.
 */
public final class ProgressLine implements StatementObserver, AutoCloseable {
    /** Statements quicker than this never show a progress line. */
    static final long DELAY_MILLIS = 1000;

    /** Redraw interval. */
    static final long REFRESH_MILLIS = 200;

    private final Terminal terminal;
    private final PrintWriter raw;
    private final long delayMillis;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "tally-progress");
                        t.setDaemon(true);
                        return t;
                    });
    private ScheduledFuture<?> task;
    private boolean drawn;

    /** Draws on {@code terminal}'s own writer (not the one results go through). */
    public ProgressLine(Terminal terminal) {
        this(terminal, DELAY_MILLIS);
    }

    ProgressLine(Terminal terminal, long delayMillis) {
        this.terminal = terminal;
        this.raw = terminal.writer();
        this.delayMillis = delayMillis;
    }

    @Override
    public synchronized void started(ShellSession session) {
        cancelTask();
        TallySession tally = TallySession.find(session.connection());
        QueryProgress progress = tally == null ? null : tally.progress();
        if (progress != null) {
            progress.reset();
        }
        long start = System.nanoTime();
        task =
                timer.scheduleAtFixedRate(
                        () -> draw(progress, session, start),
                        delayMillis,
                        REFRESH_MILLIS,
                        TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void ended() {
        cancelTask();
        clear();
    }

    private synchronized void draw(QueryProgress progress, ShellSession session, long start) {
        if (task == null) {
            return; // stopped while this run waited for the lock
        }
        String text =
                ProgressText.format(
                        progress == null ? null : progress.snapshot(),
                        session.fetchedRows(),
                        System.nanoTime() - start,
                        terminal.getWidth());
        terminal.puts(Capability.carriage_return);
        raw.print(new AttributedString(text, AttributedStyle.DEFAULT.faint()).toAnsi(terminal));
        eraseToEnd(TextWidth.of(text));
        raw.flush();
        drawn = true;
    }

    /** Erases the line if one is drawn and stops redrawing until the next statement. */
    public synchronized void clear() {
        cancelTask();
        if (drawn) {
            terminal.puts(Capability.carriage_return);
            eraseToEnd(0);
            terminal.puts(Capability.carriage_return);
            raw.flush();
            drawn = false;
        }
    }

    private void eraseToEnd(int written) {
        if (!terminal.puts(Capability.clr_eol)) {
            raw.print(TextWidth.spaces(terminal.getWidth() - 1 - written));
        }
    }

    private void cancelTask() {
        if (task != null) {
            task.cancel(false);
            task = null;
        }
    }

    @Override
    public void close() {
        clear();
        timer.shutdownNow();
    }
}
