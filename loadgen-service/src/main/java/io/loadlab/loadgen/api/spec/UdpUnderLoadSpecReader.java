package io.loadlab.loadgen.api.spec;

import io.loadlab.loadgen.api.guard.LimitsConfig;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.udp.UdpUnderLoadReport;
import io.loadlab.loadgen.udp.UdpUnderLoadSpec;
import jakarta.inject.Singleton;

import java.net.URI;

/** Reads {@code "kind": "udp-underload"}: throughput's fields plus {@code replyEvery} (sockperf's default, 100). */
@Singleton
public class UdpUnderLoadSpecReader extends UdpSpecReader {

    public UdpUnderLoadSpecReader(LimitsConfig limits) {
        super(limits);
    }

    @Override
    public RunKind runKind() {
        return new RunKind(UdpUnderLoadSpec.KIND, UdpUnderLoadSpec.class, UdpUnderLoadReport.class);
    }

    @Override
    public RunSpec read(JsonFields f) {
        Common c = common(f, true);
        int replyEvery = f.integer("replyEvery", 100);
        URI metrics = f.uri("targetMetrics");
        return f.build(() -> new UdpUnderLoadSpec(c.target(), c.messageSize(), c.rate(), replyEvery, c.duration(),
                c.warmup(), metrics));
    }
}
