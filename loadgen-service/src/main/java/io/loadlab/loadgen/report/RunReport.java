package io.loadlab.loadgen.report;

/**
 * The figures of a finished run. Each transport has its own record; their JSON field names are
 * a contract that scripts and dashboards read.
 */
public interface RunReport {
}
