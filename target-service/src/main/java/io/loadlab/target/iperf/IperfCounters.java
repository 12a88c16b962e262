package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Protocol;
import io.loadlab.common.iperf.StreamCounter;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.atomic.LongAdder;

/**
 * The server's running totals since start: bytes per protocol and direction (added as the streams count them,
 * so a scrape between two tests gives each test's bytes exactly), tests by outcome and clients turned away.
 */
@ApplicationScoped
public class IperfCounters {

    /** How a test ended. */
    public enum Outcome { COMPLETED, FAILED }

    private final LongAdder[] received = {new LongAdder(), new LongAdder()};
    private final LongAdder[] sent = {new LongAdder(), new LongAdder()};
    private final LongAdder[] tests = {new LongAdder(), new LongAdder()};
    private final LongAdder denied = new LongAdder();

    StreamCounter.BytesListener listener(Protocol protocol, boolean sending) {
        LongAdder a = (sending ? sent : received)[protocol.ordinal()];
        return a::add;
    }

    public long received(Protocol protocol) {
        return received[protocol.ordinal()].sum();
    }

    public long sent(Protocol protocol) {
        return sent[protocol.ordinal()].sum();
    }

    void ended(Outcome outcome) {
        tests[outcome.ordinal()].increment();
    }

    public long tests(Outcome outcome) {
        return tests[outcome.ordinal()].sum();
    }

    void deny() {
        denied.increment();
    }

    public long denied() {
        return denied.sum();
    }
}
