package io.loadlab.target.udp;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The reflector in Prometheus terms: {@code target_udp_} prefix, {@code _total} counters read from the
 * sockets' own counts when scraped (nothing added per datagram), bytes in bytes.
 */
@Startup
@ApplicationScoped
public class UdpReflectorMeters {

    public UdpReflectorMeters(MeterRegistry registry, UdpReflector reflector) {
        counter(registry, reflector, "target.udp.received", "Datagrams received, malformed ones included", ReflectorCounter.RECEIVED);
        bytes(registry, reflector, "target.udp.received.bytes", "Bytes received", ReflectorCounter.RECEIVED_BYTES);
        counter(registry, reflector, "target.udp.replies", "Pongs sent back", ReflectorCounter.REPLIES);
        bytes(registry, reflector, "target.udp.reply.bytes", "Bytes sent back in pongs", ReflectorCounter.REPLY_BYTES);
        counter(registry, reflector, "target.udp.reply.errors", "Pongs that could not be sent", ReflectorCounter.REPLY_ERRORS);
        counter(registry, reflector, "target.udp.one.way", "Well-formed datagrams without the pong flag, dropped", ReflectorCounter.ONE_WAY);
        FunctionCounter.builder("target.udp.malformed", reflector, r -> r.total(ReflectorCounter.TOO_SHORT))
                .tag("reason", "too_short").description("Datagrams not answered: malformed").register(registry);
        FunctionCounter.builder("target.udp.malformed", reflector, r -> r.total(ReflectorCounter.BAD_LENGTH))
                .tag("reason", "bad_length").description("Datagrams not answered: malformed").register(registry);
        counter(registry, reflector, "target.udp.lost", "Sequence numbers skipped at arrival, per sender", ReflectorCounter.LOST);
        counter(registry, reflector, "target.udp.out.of.order", "Datagrams below their sender's highest sequence number", ReflectorCounter.OUT_OF_ORDER);
        counter(registry, reflector, "target.udp.new.streams", "Sequence jumps too long to be loss: a sender restarted or forged", ReflectorCounter.NEW_STREAMS);
        counter(registry, reflector, "target.udp.senders.evicted", "Senders forgotten because too many were tracked", ReflectorCounter.SENDERS_EVICTED);
        Gauge.builder("target.udp.sockets", reflector, UdpReflector::sockets)
                .description("Receiving sockets bound now").register(registry);
    }

    private static void counter(MeterRegistry registry, UdpReflector r, String name, String help, ReflectorCounter c) {
        FunctionCounter.builder(name, r, x -> x.total(c)).description(help).register(registry);
    }

    private static void bytes(MeterRegistry registry, UdpReflector r, String name, String help, ReflectorCounter c) {
        FunctionCounter.builder(name, r, x -> x.total(c)).baseUnit("bytes").description(help).register(registry);
    }
}
