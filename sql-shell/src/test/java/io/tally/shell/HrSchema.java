package io.tally.shell;

/** A small Calcite reflective schema for shell tests: {@code emps} and {@code depts}. */
public final class HrSchema {
    /** URL of a Calcite connection over this schema, identifiers case-sensitive as written. */
    public static final String URL =
            "jdbc:calcite:schemaFactory=org.apache.calcite.adapter.java.ReflectiveSchema$Factory;"
                    + "schema.class="
                    + HrSchema.class.getName()
                    + ";lex=JAVA";

    /** An employee row. */
    public static final class Emp {
        public final int empid;
        public final String name;
        public final Integer deptno;

        public Emp(int empid, String name, Integer deptno) {
            this.empid = empid;
            this.name = name;
            this.deptno = deptno;
        }
    }

    /** A department row. */
    public static final class Dept {
        public final int deptno;
        public final String dname;

        public Dept(int deptno, String dname) {
            this.deptno = deptno;
            this.dname = dname;
        }
    }

    public final Emp[] emps = {
        new Emp(1, "Ann", 10), new Emp(2, "Bob", 20), new Emp(3, "Cy", null)
    };
    public final Dept[] depts = {new Dept(10, "Sales"), new Dept(20, "Eng")};
}
