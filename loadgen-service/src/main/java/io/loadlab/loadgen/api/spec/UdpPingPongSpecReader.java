package io.loadlab.loadgen.api.spec;

import io.loadlab.loadgen.api.guard.LimitsConfig;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.udp.UdpPingPongReport;
import io.loadlab.loadgen.udp.UdpPingPongSpec;
import jakarta.inject.Singleton;

/** Reads {@code "kind": "udp-pingpong"}: a rate caps how often a ping leaves; there is no bitrate. */
@Singleton
public class UdpPingPongSpecReader extends UdpSpecReader {

    public UdpPingPongSpecReader(LimitsConfig limits) {
        super(limits);
    }

    @Override
    public RunKind runKind() {
        return new RunKind(UdpPingPongSpec.KIND, UdpPingPongSpec.class, UdpPingPongReport.class);
    }

    @Override
    public RunSpec read(JsonFields f) {
        Common c = common(f, false);
        return f.build(() -> new UdpPingPongSpec(c.target(), c.messageSize(), c.rate(), c.duration(), c.warmup()));
    }
}
