package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.resource.ResourceSpec;
import io.loadlab.loadgen.run.UrlSecrets;

import java.net.URI;

/**
 * One node size under test: our target-service, or any HTTP service.
 *
 * @param name      a label for tables and dashboards, e.g. {@code target-4}
 * @param url       the service: for variants with {@code number}, our {@code http://host:port/test/testApi}, POSTed
 *                  {@code {"number":N}}; for variants with a {@code path}, the base it is resolved against
 * @param metrics   our target's Prometheus endpoint ({@code /q/metrics}), read for its CPU time by the builtin
 *                  source; optional when {@code resources} names another source
 * @param cores     the CPUs the target may use: its utilisation is measured against these
 * @param iperf     the target's iperf3 server, {@code tcp://host:port}, which measures the link; null: the url's host, 5201
 * @param resources where its resource figures come from; null: {@link ResourceSpec#DEFAULT}, the builtin meters
 * @param download  a URL on the target whose GET answers a large body, to estimate the link where no iperf3 server
 *                  answers; null: large {@code number} answers when the target is ours, else no estimate
 * @param linkMbps  this target's link capacity in megabits per second, given; null: the experiment's, or measured
 * @param tlsUrl    the same service over TLS ({@code https://target-4:8443}), for the {@code h2} and {@code https/1.1}
 *                  entries of the experiment's {@code protocols}; without a path, the url's path and query are kept
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExperimentTarget(String name, URI url, URI metrics, int cores, URI iperf, ResourceSpec resources,
                               URI download, Double linkMbps, URI tlsUrl) {

    public static final int IPERF_PORT = 5201;

    public ExperimentTarget {
        if (iperf == null && url != null && url.getHost() != null) {
            iperf = URI.create("tcp://" + url.getHost() + ":" + IPERF_PORT);
        }
        resources = resources == null ? ResourceSpec.DEFAULT : resources;
    }

    /** A target without TLS, as every one before the {@code protocols} axis. */
    public ExperimentTarget(String name, URI url, URI metrics, int cores, URI iperf, ResourceSpec resources,
                            URI download, Double linkMbps) {
        this(name, url, metrics, cores, iperf, resources, download, linkMbps, null);
    }

    public ExperimentTarget(String name, URI url, URI metrics, int cores, URI iperf) {
        this(name, url, metrics, cores, iperf, null, null, null);
    }

    /**
     * Where a cell speaking {@code p} sends our target's request, or resolves a variant's path against: the url, or
     * for an entry over TLS the tlsUrl (with the url's path and query when it has no path of its own); null when
     * {@code p} speaks TLS and this target has no tlsUrl.
     */
    public URI base(ExperimentProtocol p) {
        if (!p.secure()) {
            return url;
        }
        if (tlsUrl == null || url == null || (tlsUrl.getRawPath() != null && !tlsUrl.getRawPath().isEmpty()
                && !"/".equals(tlsUrl.getRawPath()))) {
            return tlsUrl;
        }
        return URI.create(tlsUrl.getScheme() + "://" + tlsUrl.getRawAuthority() + url.getRawPath()
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery()));
    }

    public ExperimentTarget(String name, URI url, URI metrics, int cores) {
        this(name, url, metrics, cores, null);
    }

    /** As a reader without the token sees it: every URL's userinfo and query values hidden ({@link UrlSecrets}). */
    public ExperimentTarget redacted() {
        return new ExperimentTarget(name, UrlSecrets.redacted(url), UrlSecrets.redacted(metrics), cores,
                UrlSecrets.redacted(iperf), resources.redacted(), UrlSecrets.redacted(download), linkMbps,
                UrlSecrets.redacted(tlsUrl));
    }
}
