/**
 * What the command line shows while a job runs: on a terminal one line redrawn with {@code \r}
 * ({@link io.loadlab.cli.progress.TerminalBar}), elsewhere (a CI log) a plain line about once a second
 * ({@link io.loadlab.cli.progress.PlainLines}); for an experiment a line per finished cell
 * ({@link io.loadlab.cli.progress.CellLines}). Each view is fed the job's JSON as polled; time comes from an injected
 * nanosecond source.
 * <p>
 * May depend on: the JDK and Jackson's tree model. Never on {@code api}: the views print, they do not call.
 */
package io.loadlab.cli.progress;
