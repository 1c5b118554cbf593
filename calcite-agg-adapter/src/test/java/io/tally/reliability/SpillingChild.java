package io.tally.reliability;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/** A JVM that spills into {@code args[0]} until it is killed (for {@link CrashLeftoversTest}). */
public final class SpillingChild {
    private SpillingChild() {}

    public static void main(String[] args) throws Exception {
        try (Connection c =
                        DriverManager.getConnection(
                                "jdbc:tally:memory_limit=16MB;threads=1;"
                                        + "spill_dir="
                                        + args[0]);
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT number % 90000000, COUNT(*)"
                                        + " FROM TABLE(numbers(1000000000)) GROUP BY 1")) {
            while (rs.next()) {
                Thread.onSpinWait();
            }
        }
    }
}
