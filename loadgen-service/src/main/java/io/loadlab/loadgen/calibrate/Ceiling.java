package io.loadlab.loadgen.calibrate;

import java.util.ArrayList;
import java.util.List;

/**
 * This loadgen's own ceiling on this machine, measured against its loopback responders: a lower bound, since the
 * responders shared the CPUs. Rates per second; CPU in microseconds of the process's CPU time per request.
 *
 * @param cores                 CPUs the process could use when measured; more event loops than that share them
 * @param keepAlivePerLoop      HTTP requests/s one event loop reached with keep-alive
 * @param closePerLoop          the same with a connection per request
 * @param cpuMicrosKeepAlive    CPU time per request with keep-alive; null when it could not be read
 * @param cpuMicrosClose        CPU time per request with a connection each; null likewise
 * @param udpMessagesPerSecond  UDP messages/s one sender reached
 */
public record Ceiling(int cores, double keepAlivePerLoop, double closePerLoop, Double cpuMicrosKeepAlive,
                      Double cpuMicrosClose, double udpMessagesPerSecond) {

    public Ceiling {
        List<String> bad = new ArrayList<>();
        if (cores < 1) {
            bad.add("cores " + cores);
        }
        double[] rates = {keepAlivePerLoop, closePerLoop, udpMessagesPerSecond,
                cpuMicrosKeepAlive == null ? 1 : cpuMicrosKeepAlive, cpuMicrosClose == null ? 1 : cpuMicrosClose};
        String[] names = {"keepAlivePerLoop", "closePerLoop", "udpMessagesPerSecond", "cpuMicrosKeepAlive", "cpuMicrosClose"};
        for (int i = 0; i < rates.length; i++) {
            if (!(rates[i] > 0) || !Double.isFinite(rates[i])) {
                bad.add(names[i] + " " + rates[i]);
            }
        }
        if (!bad.isEmpty()) {
            throw new IllegalArgumentException("a ceiling needs positive finite figures: " + String.join(", ", bad));
        }
    }

    /**
     * The ceiling {@code measured} shows, one measurement per shape; rates per event loop are the measured rate
     * over the loops it ran on.
     *
     * @throws IllegalArgumentException when a shape is missing or measured nothing
     */
    public static Ceiling of(int cores, List<Measurement> measured) {
        java.util.Map<Shape, Measurement> by = new java.util.EnumMap<>(Shape.class);
        measured.forEach(m -> by.put(m.shape(), m));
        for (Shape s : Shape.values()) {
            if (!by.containsKey(s)) {
                throw new IllegalArgumentException("no measurement of " + s);
            }
        }
        Measurement ka = by.get(Shape.HTTP_KEEP_ALIVE);
        Measurement close = by.get(Shape.HTTP_CLOSE);
        Measurement udp = by.get(Shape.UDP);
        return new Ceiling(cores, ka.perSecond() / ka.loops(), close.perSecond() / close.loops(),
                ka.cpuMicrosPerRequest(), close.cpuMicrosPerRequest(), udp.perSecond() / udp.loops());
    }

    /** The most this loadgen can drive of {@code shape} on {@code loops} event loops (senders for UDP), per second. */
    public double rate(Shape shape, int loops) {
        int usable = Math.max(1, Math.min(loops, cores));
        return switch (shape) {
            case HTTP_KEEP_ALIVE -> keepAlivePerLoop * usable;
            case HTTP_CLOSE -> closePerLoop * usable;
            case UDP -> udpMessagesPerSecond * usable;
        };
    }
}
