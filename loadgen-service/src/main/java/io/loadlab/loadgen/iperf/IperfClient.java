package io.loadlab.loadgen.iperf;

import io.loadlab.loadgen.engine.NanoClock;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Runs iperf3 tests as iperf3's client does, against any iperf3 server. Each {@link #run} is one test on the
 * caller's thread (plus one thread per stream), bounded by the spec's duration and {@code controlTimeout} for
 * every wait on the server; it returns a report, with {@code error} set if the test could not complete.
 */
public final class IperfClient {

    private final NanoClock clock;
    private final RandomGenerator random;
    private final Duration controlTimeout;

    /** @param controlTimeout how long any one wait on the server (connect, a state, results, draining) may take */
    public IperfClient(NanoClock clock, RandomGenerator random, Duration controlTimeout) {
        this.clock = clock;
        this.random = random;
        this.controlTimeout = controlTimeout;
    }

    /** One test against the spec's host, resolved here (a caller that guards addresses uses {@link #run(IperfSpec, InetAddress)}). */
    public IperfReport run(IperfSpec spec) {
        try {
            return run(spec, InetAddress.getByName(spec.host()));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve " + spec.host(), e);
        }
    }

    /** One test against {@code server}, the spec's host already resolved. */
    public IperfReport run(IperfSpec spec, InetAddress server) {
        return new ClientSession(spec, server, clock, random, controlTimeout).run();
    }
}
