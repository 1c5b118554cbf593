package io.tally.jdbc;

import io.tally.parser.TallyParser;
import java.sql.DriverManager;
import java.util.UUID;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.tools.Frameworks;

/**
 * Initialises, on a background thread, the classes a process's first connection and first statement
 * need (the JDBC drivers, Calcite's connection properties, operator tables and convertlet table,
 * Tally's parser, the secure random source of connection ids), so that a command-line program can
 * do its own start-up (parsing its arguments) meanwhile instead of paying for both one after the
 * other.
 *
 * <p>The program must call {@link #await} before it touches the driver itself: Calcite's static
 * initialisers refer to each other, and two threads running them at once could each wait for a
 * class the other is initialising. A failure here is not reported: the class it left uninitialised
 * fails again, with its error, when the program uses it.
 */
public final class DriverPreload {
    private static Thread thread;

    private DriverPreload() {}

    /** Starts the preload (once per process; later calls do nothing). */
    public static synchronized void start() {
        if (thread != null) {
            return;
        }
        thread = new Thread(DriverPreload::preload, "tally-driver-preload");
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits until the preload started by {@link #start} has finished; returns at once if none. */
    public static void await() {
        Thread t;
        synchronized (DriverPreload.class) {
            t = thread;
        }
        if (t == null) {
            return;
        }
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The classes in the order a connection and its first statement initialise them. */
    private static void preload() {
        try {
            DriverManager.getDrivers(); // loads and registers every driver of the class path
            CalciteConnectionProperty.values();
            UUID.randomUUID(); // seeds the SecureRandom each connection's id is drawn from
            Frameworks.newConfigBuilder(); // operator tables, convertlets
            TallyParser.FACTORY.getClass();
        } catch (RuntimeException | LinkageError e) {
            // the program meets the same failure, with its message, on its own thread
        }
    }
}
