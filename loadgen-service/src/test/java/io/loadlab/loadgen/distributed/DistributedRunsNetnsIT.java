package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DistributedRunsIT} with each agent in a network namespace of its own behind a veth pair: the same
 * assertions with agents as separate hosts, so nothing in the controller leans on sharing a stack with them.
 * <p>
 * Every test of {@link DistributedRunsIT} runs here too but two, overridden without {@code @Test} (which JUnit does
 * not run) where the class that proves them across hosts is named. The 6 cut to fit a 30-minute CI (a version
 * refused, a malformed agent count, which process exports the latency, the merged histogram, an experiment's cells,
 * {@code agents: auto}) are back with the 60-minute budget (issue 42): a controller that reached its agents through
 * loopback shortcuts would pass them on one host only.
 */
@SystemTest
class DistributedRunsNetnsIT extends DistributedRunsIT {

    @Override
    AgentHosts hosts() throws Exception {
        return NetnsHosts.up();
    }

    /**
     * Loss exact through a 1% drop between the agents and the reflector ({@link LossyRelay}, on the target's host:
     * this kernel has no netem): lost = sent - the reflector's own count, and lossPercent near 1. 3,000/s for 2.2 s
     * is 6,600 messages: 66 lost expected, a standard deviation of sqrt(6,600 x 0.01 x 0.99) = 8.1, so the band
     * 0.3%..3% (20..198 lost) is more than 5 deviations either side: a statistical bound, never a timing one.
     */
    @Test
    void udpLossThroughAOnePercentDropIsSentMinusTheReflectorsCount() throws Exception {
        try (LossyRelay relay = LossyRelay.start(target().host(), target().udp(), 0.01, 26)) {
            JsonNode merged = udpThroughput(relay.target(), "3000");
            double percent = merged.get("lossPercent").asDouble();
            assertTrue(percent >= 0.3 && percent <= 3, "1% dropped at random: " + merged);
            assertTrue(merged.get("lost").asLong() >= relay.dropped(), "at least what the relay dropped is lost: "
                    + relay.dropped() + " vs " + merged);
        }
    }

    @Override
    void udpPingPongOverThreeAgentsReadsRoundTripsFromTheMergedHistogram() {
        // the merged histogram's count and p99: DistributedRunsIT; UDP across hosts is checked here by the count and
        // loss tests (5 s of CI saved)
    }

    @Override
    void iperfOverThreeAgentsSumsTheirTestsAsIperf3SumsItsStreams() {
        // the iperf merge of what arrived: DistributedRunsIT; across hosts behind a shaped link: IperfAgentsNetnsIT
    }
}
