/**
 * Per-connection and per-query state: the settings, each parsed once into a typed value ({@link
 * io.tally.session.Setting}, {@link io.tally.session.TallySettings}), the session of a connection
 * ({@link io.tally.session.TallySession}: settings, progress, cancel flags), and the one way
 * operators reach what their query shares, {@link io.tally.session.QueryContext#of} (settings,
 * memory pool, spill directory, cancel flag, progress, profile).
 *
 * <p>May import: {@code batch}, {@code memory}, {@code spill}, {@code metrics} and {@code exec}
 * (for the typed values of settings such as {@code emit}); never {@code schema}, the planner, the
 * runtime bridge or {@code jdbc}, which all depend on it.
 */
package io.tally.session;
