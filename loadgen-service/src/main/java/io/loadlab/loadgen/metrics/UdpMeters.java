package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunListener;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.udp.UdpPingPongReport;
import io.loadlab.loadgen.udp.UdpThroughputReport;
import io.loadlab.loadgen.udp.UdpUnderLoadReport;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * UDP runs' message counts, added from each report when the run ends (bytes and the latency of the
 * live interval are {@link LoadgenMeters}' for every transport). Labels: direction and the reason a
 * message is missing, nothing per run.
 */
@Startup
@ApplicationScoped
public class UdpMeters implements RunListener {

    private final Counter sent;
    private final Counter received;
    private final Counter dropped;
    private final Counter lost;

    public UdpMeters(MeterRegistry registry) {
        sent = Counter.builder("loadgen.udp.messages").tag("direction", "sent")
                .description("UDP messages of measured parts, added when each run ends").register(registry);
        received = Counter.builder("loadgen.udp.messages").tag("direction", "received")
                .description("UDP messages of measured parts, added when each run ends").register(registry);
        dropped = Counter.builder("loadgen.udp.missing").tag("reason", "pong_dropped")
                .description("UDP messages missing, added when each run ends").register(registry);
        lost = Counter.builder("loadgen.udp.missing").tag("reason", "lost_at_target")
                .description("UDP messages missing, added when each run ends").register(registry);
    }

    @Override
    public void started(RunRecord run, LoadRun live) {
    }

    @Override
    public void finished(RunRecord run, RunProgress last) {
        if (run.report() instanceof UdpThroughputReport r) {
            sent.increment(r.messagesSent());
            lost.increment(r.lost() == null ? 0 : Math.max(0, r.lost()));
        } else if (run.report() instanceof UdpPingPongReport r) {
            sent.increment(r.messagesSent());
            received.increment(r.pongsReceived());
            dropped.increment(r.dropped());
        } else if (run.report() instanceof UdpUnderLoadReport r) {
            sent.increment(r.messagesSent());
            received.increment(r.pongsReceived());
            dropped.increment(r.dropped());
            lost.increment(r.lost() == null ? 0 : Math.max(0, r.lost()));
        }
    }
}
