/**
 * What Calcite's catalog sees of Tally's data: a schema over a directory ({@link
 * io.tally.catalog.TallySchema}, also built from a Calcite model by {@link
 * io.tally.catalog.TallySchemaFactory}), its tables, which plan as {@code
 * io.tally.plan.TallyTableScan} ({@link io.tally.catalog.TallyTable}), and the {@code numbers(n)}
 * table function and {@code MEDIAN} aggregate ({@link io.tally.catalog.TallyFunctions}), and the
 * file table functions {@code read_file}, {@code read_csv}, {@code read_parquet}, {@code
 * read_arrow} ({@link io.tally.catalog.FileTableFunctions}). It sits above the planner because a
 * table creates its scan rel; the data behind a table is {@code io.tally.schema}.
 *
 * <p>May import: {@code schema}, {@code plan}. Never {@code jdbc}.
 */
package io.tally.catalog;
