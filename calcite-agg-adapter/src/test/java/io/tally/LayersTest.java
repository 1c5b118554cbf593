package io.tally;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.List;

/**
 * The package layering of {@code calcite-agg-adapter} (README, "Layout"), from the ground floor up:
 * {@code batch}; {@code memory}; {@code spill} and {@code metrics}; {@code exec} with its rooms;
 * {@code session}; {@code schema}; {@code runtime}; {@code plan}; {@code catalog}; {@code jdbc}.
 * Each rule names the arrow it forbids; together with the cycle rule they keep every arrow pointing
 * down.
 */
@AnalyzeClasses(packages = "io.tally", importOptions = ImportOption.DoNotIncludeTests.class)
class LayersTest {
    /** The packages from the top down; each may import only those after it. */
    private static final List<String> LAYERS =
            List.of(
                    "jdbc", "parser", "catalog", "plan", "runtime", "schema", "session", "exec",
                    "metrics", "spill", "memory", "batch");

    /** Every arrow points down the list {@link #LAYERS} (exec and its rooms are one layer here). */
    @ArchTest static final ArchRule packagesImportOnlyDown = layers();

    private static ArchRule layers() {
        LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (String layer : LAYERS) {
            rule = rule.layer(layer).definedBy("io.tally." + layer + "..");
        }
        for (int i = 1; i < LAYERS.size(); i++) {
            String[] above = LAYERS.subList(0, i).toArray(new String[0]);
            rule = rule.whereLayer(LAYERS.get(i)).mayOnlyBeAccessedByLayers(above);
        }
        return rule.whereLayer(LAYERS.get(0)).mayNotBeAccessedByAnyLayer();
    }

    /** No package, room or not, reaches back to a package that reaches it. */
    @ArchTest
    static final ArchRule noPackageCycles =
            slices().matching("io.tally.(**)").should().beFreeOfCycles();

    /** The ground floor imports nothing of Tally's. */
    @ArchTest
    static final ArchRule batchImportsNothingOfOurs =
            noClasses()
                    .that()
                    .resideInAPackage("io.tally.batch..")
                    .should()
                    .dependOnClassesThat(
                            resideInAPackage("io.tally..")
                                    .and(resideOutsideOfPackage("io.tally.batch..")));

    /** Memory accounting does not know the operators it accounts for. */
    @ArchTest
    static final ArchRule memoryImportsNoExec =
            noClasses()
                    .that()
                    .resideInAPackage("io.tally.memory..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("io.tally.exec..");

    /** The runtime imports nothing from the planner, the driver, the data files or the session. */
    @ArchTest
    static final ArchRule execImportsNothingAbove =
            noClasses()
                    .that()
                    .resideInAPackage("io.tally.exec..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.tally.plan..",
                            "io.tally.runtime..",
                            "io.tally.catalog..",
                            "io.tally.jdbc..",
                            "io.tally.schema..",
                            "io.tally.session..");

    /**
     * The rooms of exec are parts: none of them imports the aggregator floor that assembles them.
     */
    @ArchTest
    static final ArchRule execRoomsImportNoExecFloor =
            noClasses()
                    .that()
                    .resideInAPackage("io.tally.exec.*..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("io.tally.exec");

    /** Per-connection and per-query state sits below everything that reads it. */
    @ArchTest
    static final ArchRule sessionImportsNothingAbove =
            noClasses()
                    .that()
                    .resideInAPackage("io.tally.session..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.tally.schema..",
                            "io.tally.runtime..",
                            "io.tally.plan..",
                            "io.tally.catalog..",
                            "io.tally.jdbc..");

    /** Data files and readers know neither the aggregation engine nor the planner. */
    @ArchTest
    static final ArchRule schemaImportsNoEngineOrPlanner =
            noClasses()
                    .that()
                    .resideInAPackage("io.tally.schema..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.tally.exec..",
                            "io.tally.runtime..",
                            "io.tally.plan..",
                            "io.tally.catalog..");

    /** What generated code calls does not call back into the planner. */
    @ArchTest
    static final ArchRule runtimeImportsNoPlanner =
            noClasses()
                    .that()
                    .resideInAPackage("io.tally.runtime..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("io.tally.plan..", "io.tally.catalog..");

    /** Only the driver itself (and the shell, benchmarks and tests) use the driver package. */
    @ArchTest
    static final ArchRule nothingBelowImportsJdbc =
            noClasses()
                    .that()
                    .resideInAnyPackage(
                            "io.tally.batch..",
                            "io.tally.memory..",
                            "io.tally.spill..",
                            "io.tally.metrics..",
                            "io.tally.exec..",
                            "io.tally.session..",
                            "io.tally.schema..",
                            "io.tally.runtime..",
                            "io.tally.plan..",
                            "io.tally.catalog..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("io.tally.jdbc..");
}
