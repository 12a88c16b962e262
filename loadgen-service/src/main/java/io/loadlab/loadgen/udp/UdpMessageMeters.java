package io.loadlab.loadgen.udp;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * UDP runs' message counts, added from each report when the run ends (bytes and the latency of the live interval
 * are {@code LoadgenMeters}' for every kind). Labels: direction and the reason a message is missing, nothing per
 * run. Registered at startup, so each reads 0 before the first UDP run.
 */
@Startup
@ApplicationScoped
public class UdpMessageMeters {

    private final Counter sent;
    private final Counter received;
    private final Counter dropped;
    private final Counter lost;

    @Inject
    public UdpMessageMeters(MeterRegistry registry) {
        sent = Counter.builder("loadgen.udp.messages").tag("direction", "sent")
                .description("UDP messages of measured parts, added when each run ends").register(registry);
        received = Counter.builder("loadgen.udp.messages").tag("direction", "received")
                .description("UDP messages of measured parts, added when each run ends").register(registry);
        dropped = Counter.builder("loadgen.udp.missing").tag("reason", "pong_dropped")
                .description("UDP messages missing, added when each run ends").register(registry);
        lost = Counter.builder("loadgen.udp.missing").tag("reason", "lost_at_target")
                .description("UDP messages missing, added when each run ends").register(registry);
    }

    /**
     * @param pongs   pongs received, 0 for a kind that asks for none
     * @param dropped pongs asked for that never came back
     * @param lost    datagrams the target never counted, null when not measured (a negative figure adds 0)
     */
    public void count(long messagesSent, long pongs, long dropped, Long lost) {
        sent.increment(messagesSent);
        received.increment(pongs);
        this.dropped.increment(dropped);
        this.lost.increment(lost == null ? 0 : Math.max(0, lost));
    }
}
