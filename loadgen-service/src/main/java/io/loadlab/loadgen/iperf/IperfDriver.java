package io.loadlab.loadgen.iperf;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.run.AddressRefusedException;
import io.loadlab.loadgen.run.FinishedRun;
import io.loadlab.loadgen.run.LoadRun;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Starts iperf runs: resolves the target once and admits the address it will connect to (the API checked the
 * name; a name that resolves elsewhere by now is refused), then runs the test against that address.
 */
@Singleton
class IperfDriver {

    private final NanoClock clock;
    private final AddressPolicy policy;
    private final IperfLimits limits;
    /** The cookie is the test's name on the server: unguessable, as iperf3's. */
    private final SecureRandom random = new SecureRandom();
    private final AtomicLong runs = new AtomicLong();

    @Inject
    IperfDriver(NanoClock clock, AddressPolicy policy, IperfLimits limits) {
        this.clock = clock;
        this.policy = policy;
        this.limits = limits;
    }

    LoadRun start(IperfSpec iperf) {
        InetAddress server;
        try {
            server = policy.resolveAndAdmit(iperf.host());
        } catch (AddressRefusedException e) {
            return FinishedRun.failed(null, e.getMessage());
        } catch (UnknownHostException e) {
            return FinishedRun.failed(null, "cannot resolve " + iperf.host() + ": " + e.getMessage());
        }
        ClientSession test = new ClientSession(iperf, server, clock, random, limits.controlTimeout());
        return IperfRun.start(test, "loadgen-iperf-" + runs.incrementAndGet());
    }
}
