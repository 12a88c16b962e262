package io.loadlab.loadgen.api.spec;

import io.loadlab.loadgen.api.guard.LimitsConfig;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.udp.UdpThroughputReport;
import io.loadlab.loadgen.udp.UdpThroughputSpec;
import jakarta.inject.Singleton;

import java.net.URI;

/** Reads {@code "kind": "udp-throughput"}: rate or bitrate, and the optional {@code targetMetrics}. */
@Singleton
public class UdpThroughputSpecReader extends UdpSpecReader {

    public UdpThroughputSpecReader(LimitsConfig limits) {
        super(limits);
    }

    @Override
    public RunKind runKind() {
        return new RunKind(UdpThroughputSpec.KIND, UdpThroughputSpec.class, UdpThroughputReport.class);
    }

    @Override
    public RunSpec read(JsonFields f) {
        Common c = common(f, true);
        URI metrics = f.uri("targetMetrics");
        return f.build(() -> new UdpThroughputSpec(c.target(), c.messageSize(), c.rate(), c.duration(), c.warmup(), metrics));
    }
}
