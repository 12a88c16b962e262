/**
 * What a finished run or experiment means to a pipeline: its gate as the API wrote it ({@link
 * io.loadlab.cli.report.Gate}), the exit code that follows ({@link io.loadlab.cli.report.Outcome}), and the files
 * CI reads (JUnit XML). Pure: JSON trees in, text and codes out.
 * <p>
 * May depend on: the JDK and Jackson's tree model. Never on {@code api} or the terminal.
 */
package io.loadlab.cli.report;
