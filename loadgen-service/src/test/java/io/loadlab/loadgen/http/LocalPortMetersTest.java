package io.loadlab.loadgen.http;

import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.LocalPorts;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The gauges hold the last keep-alive-off run's ports; a keep-alive run, which counts none, leaves them. */
class LocalPortMetersTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final LocalPortMeters meters = new LocalPortMeters(registry);

    @Test
    void aKeepAliveOffRunsPortsAreShownUntilTheNextSuchRun() {
        assertEquals(0, value("in_use"), "registered before any run");
        assertEquals(0, value("time_wait"));
        meters.count(report(new LocalPorts(104, 100)));
        assertEquals(104, value("in_use"));
        assertEquals(100, value("time_wait"));
        meters.count(report(null));
        assertEquals(104, value("in_use"), "a keep-alive run counted no ports");
        meters.count(report(new LocalPorts(3, 0)));
        assertEquals(3, value("in_use"));
        assertEquals(0, value("time_wait"));
    }

    private double value(String state) {
        return registry.get("loadgen.local.ports").tag("state", state).gauge().value();
    }

    private static HttpReport report(LocalPorts ports) {
        HttpReport r = new HttpReport(1, 1, 1, 0, 0, new HttpErrors(0, 0, 0, 0, 0), LatencySummary.EMPTY, null,
                null, 1, 0, 1);
        return ports == null ? r : r.withLocalPorts(ports);
    }
}
