package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.resource.ResourceSpec;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A target as a reader without the token sees it (issue 42: a metrics URL's credentials were shown to anyone). */
class ExperimentTargetTest {

    @Test
    void everyUrlHasItsCredentialsAndQueryValuesHidden() {
        ExperimentTarget t = new ExperimentTarget("t1", URI.create("http://u:p1@127.0.0.1:8080/test/testApi?key=k1"),
                URI.create("http://127.0.0.1:8080/q/metrics?token=k2"), 4, URI.create("tcp://127.0.0.1:5201"),
                new ResourceSpec(ResourceSpec.PROMETHEUS, URI.create("http://admin:p3@127.0.0.1:9090"), "process",
                        null, null, null, null, null),
                URI.create("http://127.0.0.1:8080/big?sig=k4"), 1000.0, URI.create("https://u:p5@127.0.0.1:8443"));
        ExperimentTarget r = t.redacted();
        assertEquals(URI.create("http://redacted@127.0.0.1:8080/test/testApi?key=redacted"), r.url());
        assertEquals(URI.create("http://127.0.0.1:8080/q/metrics?token=redacted"), r.metrics());
        assertEquals(URI.create("http://redacted@127.0.0.1:9090"), r.resources().url());
        assertEquals(URI.create("http://127.0.0.1:8080/big?sig=redacted"), r.download());
        assertEquals(URI.create("https://redacted@127.0.0.1:8443"), r.tlsUrl());
        assertEquals(t.iperf(), r.iperf());
        assertEquals(t.name(), r.name());
        assertEquals(t.cores(), r.cores());
    }
}
