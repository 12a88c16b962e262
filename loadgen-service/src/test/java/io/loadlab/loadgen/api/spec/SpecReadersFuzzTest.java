package io.loadlab.loadgen.api.spec;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.engine.RunTimeline;
import io.loadlab.loadgen.experiment.ExperimentSpec;
import io.loadlab.loadgen.experiment.ExperimentsConfig;
import io.loadlab.loadgen.experiment.Variant;
import io.loadlab.loadgen.http.HttpKind;
import io.loadlab.loadgen.http.HttpOutcomeMeters;
import io.loadlab.loadgen.http.LocalPortMeters;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.ConfigDefaults;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.udp.UdpMessageMeters;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongKind;
import io.loadlab.loadgen.udp.throughput.UdpThroughputKind;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadKind;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.util.List;

/**
 * The spec intake as the API runs it, body bytes to a spec: {@link SpecJson} then each kind's reader. Only the
 * documented refusals ({@link MalformedJsonException}, {@link InvalidSpecException}) may escape, and a
 * spec accepted must be runnable: its timeline and rate schedule build. In {@code mvn verify} this
 * replays the committed corpus ({@code SpecReadersFuzzTestInputs}); {@code bench/fuzz.sh} fuzzes it.
 */
class SpecReadersFuzzTest {

    private final LimitsConfig limits = ConfigDefaults.of(LimitsConfig.class);
    private final SpecJson json = new SpecJson();
    private final UdpMessageMeters udpMeters = new UdpMessageMeters(new SimpleMeterRegistry());
    private final RunKinds kinds = new RunKinds(List.of(
            new HttpKind(new HttpOutcomeMeters(new SimpleMeterRegistry()),
                    new LocalPortMeters(new SimpleMeterRegistry()), limits),
            new UdpThroughputKind(udpMeters, limits), new UdpPingPongKind(udpMeters, limits), new UdpUnderLoadKind(udpMeters, limits)));
    private final SpecParser runs = new SpecParser(kinds, AgentDiscovery.none());
    private final ExperimentSpecReader experiments = new ExperimentSpecReader(limits,
            ConfigDefaults.of(ExperimentsConfig.class), AgentDiscovery.none(), kinds);

    @FuzzTest(maxDuration = "2m")
    void runSpec(byte[] body) {
        RunSpec spec;
        try {
            spec = runs.parseRun(json.read(body));
        } catch (MalformedJsonException | InvalidSpecException refused) {
            return;
        }
        RunTimeline.starting(0, spec.warmup(), spec.duration());
        if (spec instanceof HttpRunSpec http && http.openModel()) {
            RateSchedule.constant(0, http.rate()).next();
        }
    }

    @FuzzTest(maxDuration = "2m")
    void experimentSpec(byte[] body) {
        ExperimentSpec spec;
        try {
            JsonNode root = json.read(body);
            spec = experiments.read(root);
        } catch (MalformedJsonException | InvalidSpecException refused) {
            return;
        }
        RunTimeline.starting(0, spec.warmup(), spec.duration());
        spec.timeout().toNanos();
        for (Variant v : spec.variants()) {
            if (v.rate() > 0) {
                RateSchedule.constant(0, v.rate()).next();
            }
        }
    }
}
