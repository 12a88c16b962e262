package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DistributedRunsIT} with each agent in a network namespace of its own behind a veth pair: the same
 * assertions with agents as separate hosts, so nothing in the controller leans on sharing a stack with them.
 * <p>
 * Only the tests whose outcome can depend on where the agents are run here: exact counts across hosts, the open
 * model's rate × duration over three clocks, the start skew estimated over a link, a killed agent and a killed
 * controller seen across one. The others check what the controller does with what it was given (a spec refused, a
 * version refused, its own live meter, the merged histogram's count, an experiment's cells and {@code agents: auto})
 * and would prove here exactly what {@link DistributedRunsIT} proves: they are overridden without {@code @Test},
 * which JUnit does not run, and this class starts two processes fewer ({@link #checksVersions}). That cut 6 of its
 * 11 tests (28 s on loopback) and two of nine process starts from the 88 s it took.
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
    boolean checksVersions() {
        return false;
    }

    @Override
    void anAgentOfAnotherVersionIsRefusedBeforeAnythingStarts() {
        // the controller's check of the info it was given: DistributedRunsIT
    }

    @Override
    void aMalformedOrTooLargeAgentCountIsA400NamingAgents() {
        // spec validation on the controller: DistributedRunsIT
    }

    @Override
    void theAgentsExportTheLatencyAndTheControllerAddsNone() {
        // which process exports a distributed run's latency histogram, not where it runs: DistributedRunsIT
    }

    @Override
    void theMergedHistogramHoldsExactlyTheMeasuredRequestsOfEveryAgent() {
        // the merge of what arrived: DistributedRunsIT; counts across hosts are checked here by the exact-count test
    }

    @Override
    void udpPingPongOverThreeAgentsReadsRoundTripsFromTheMergedHistogram() {
        // the merged histogram's count and p99: DistributedRunsIT; UDP across hosts is checked here by the count and
        // loss tests (5 s of CI saved)
    }

    @Override
    void anExperimentRunsItsCellsOnAgentsAndJudgesByTheBusiestAgent() {
        // the experiment's use of a distributed run's report: DistributedRunsIT
    }

    @Override
    void autoRunsALoadgenBoundCellAgainOnMoreAgentsUntilAllAreInUse() {
        // the experiment's choice of agent counts: DistributedRunsIT
    }

    @Override
    void iperfOverThreeAgentsSumsTheirTestsAsIperf3SumsItsStreams() {
        // the iperf merge of what arrived: DistributedRunsIT; across hosts behind a shaped link: IperfAgentsNetnsIT
    }
}
