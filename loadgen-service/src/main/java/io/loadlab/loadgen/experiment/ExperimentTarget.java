package io.loadlab.loadgen.experiment;

import java.net.URI;

/**
 * One node size under test.
 *
 * @param name    a label for tables and dashboards, e.g. {@code target-4}
 * @param url     the API under test, {@code http://host:port/test/testApi}; POSTed {@code {"number":N}}
 * @param metrics the target's Prometheus endpoint ({@code /q/metrics}), read for its CPU time
 * @param cores   the CPUs the target may use: its utilisation is measured against these
 */
public record ExperimentTarget(String name, URI url, URI metrics, int cores) {
}
