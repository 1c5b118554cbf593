package io.tally.driver;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A JDBC program that knows nothing of Tally but its URL: lists the tables (schema.name) of {@code
 * args[0]}, then runs each further argument as a query and prints its rows, tab separated. {@code
 * DriverJarIT} runs it with only {@code tally-jdbc.jar} on the class path.
 */
public final class ListTables {
    private ListTables() {}

    public static void main(String[] args) throws SQLException {
        try (Connection c = DriverManager.getConnection(args[0])) {
            System.out.println(
                    c.getMetaData().getDatabaseProductName()
                            + " "
                            + c.getMetaData().getDatabaseProductVersion());
            try (ResultSet rs =
                    c.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    System.out.println(
                            "table "
                                    + rs.getString("TABLE_SCHEM")
                                    + "."
                                    + rs.getString("TABLE_NAME"));
                }
            }
            for (int i = 1; i < args.length; i++) {
                try (Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery(args[i])) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        StringBuilder row = new StringBuilder("row");
                        for (int col = 1; col <= n; col++) {
                            row.append('\t').append(rs.getString(col));
                        }
                        System.out.println(row);
                    }
                }
            }
        }
    }
}
