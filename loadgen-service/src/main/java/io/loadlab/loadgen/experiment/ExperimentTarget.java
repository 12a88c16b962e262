package io.loadlab.loadgen.experiment;

import java.net.URI;

/**
 * One node size under test.
 *
 * @param name    a label for tables and dashboards, e.g. {@code target-4}
 * @param url     the API under test, {@code http://host:port/test/testApi}; POSTed {@code {"number":N}}
 * @param metrics the target's Prometheus endpoint ({@code /q/metrics}), read for its CPU time
 * @param cores   the CPUs the target may use: its utilisation is measured against these
 * @param iperf   the target's iperf3 server, {@code tcp://host:port}, which measures the link; null: the url's host, 5201
 */
public record ExperimentTarget(String name, URI url, URI metrics, int cores, URI iperf) {

    public static final int IPERF_PORT = 5201;

    public ExperimentTarget {
        if (iperf == null && url != null && url.getHost() != null) {
            iperf = URI.create("tcp://" + url.getHost() + ":" + IPERF_PORT);
        }
    }

    public ExperimentTarget(String name, URI url, URI metrics, int cores) {
        this(name, url, metrics, cores, null);
    }
}
