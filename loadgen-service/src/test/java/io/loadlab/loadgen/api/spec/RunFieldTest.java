package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.experiment.ExperimentSpec;
import io.loadlab.loadgen.experiment.ExperimentsConfig;
import io.loadlab.loadgen.experiment.Variant;
import io.loadlab.loadgen.http.HttpKind;
import io.loadlab.loadgen.http.HttpOutcomeMeters;
import io.loadlab.loadgen.http.LocalPortMeters;
import io.loadlab.loadgen.iperf.IperfKind;
import io.loadlab.loadgen.iperf.IperfLimits;
import io.loadlab.loadgen.iperf.IperfMeters;
import io.loadlab.loadgen.run.ConfigDefaults;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.Violation;
import io.loadlab.loadgen.udp.UdpMessageMeters;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongKind;
import io.loadlab.loadgen.udp.throughput.UdpThroughputKind;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A variant's {@code run}: a cell of another kind, read by that kind's own reader on every target's host, each fault
 * named under the variant once ({@code variants[0].run.rate}), and everything that makes no sense beside it refused.
 */
class RunFieldTest {

    private static final String TARGETS = "'targets':[{'name':'a','url':'http://127.0.0.1:8080/test/testApi',"
            + "'metrics':'http://127.0.0.1:8080/q/metrics','cores':1},{'name':'b','url':'http://127.0.0.2:8080/test/testApi',"
            + "'metrics':'http://127.0.0.2:8080/q/metrics','cores':2}],'duration':'1s','linkMbps':100";

    private final LimitsConfig limits = ConfigDefaults.of(LimitsConfig.class);
    private final UdpMessageMeters udp = new UdpMessageMeters(new SimpleMeterRegistry());
    private final RunKinds kinds = new RunKinds(List.of(
            new HttpKind(new HttpOutcomeMeters(new SimpleMeterRegistry()), new LocalPortMeters(new SimpleMeterRegistry()), limits),
            new UdpThroughputKind(udp, limits), new UdpPingPongKind(udp, limits),
            new IperfKind(new IperfMeters(new SimpleMeterRegistry()), limits, ConfigDefaults.of(IperfLimits.class))));

    private ExperimentSpec read(String extra, AgentDiscovery agents) throws Exception {
        String warmup = extra.contains("'warmup'") ? "" : ",'warmup':'0s'";
        JsonNode root = new ObjectMapper().readTree(("{" + TARGETS + warmup + "," + extra + "}").replace('\'', '"'));
        return new ExperimentSpecReader(limits, ConfigDefaults.of(ExperimentsConfig.class), agents, kinds).read(root);
    }

    private Map<String, String> refused(String extra) {
        return refused(extra, AgentDiscovery.none());
    }

    private Map<String, String> refused(String extra, AgentDiscovery agents) {
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> read(extra, agents));
        return e.violations().stream().collect(Collectors.toMap(Violation::field, Violation::message, (a, b) -> a + " | " + b));
    }

    @Test
    void aUdpAndAnIperfVariantAreReadOnEveryTargetsHost() throws Exception {
        ExperimentSpec spec = read("'variants':[{'number':2},{'run':{'kind':'udp-throughput','target':'udp://{host}:11111',"
                + "'messageSize':1472,'rate':1000}},{'name':'iperf down','run':{'kind':'iperf','target':'tcp://{host}:5201',"
                + "'direction':'down','streams':2}}]", AgentDiscovery.none());
        Variant udpCells = spec.variants().get(1);
        assertTrue(udpCells.isTemplate());
        assertEquals("udp-throughput", udpCells.label(), "a template variant is labelled by its kind");
        assertEquals("iperf down", spec.variants().get(2).label());
        assertEquals("udp://127.0.0.2:11111", udpCells.run().on(spec.targets().get(1).url(), spec.duration(),
                spec.warmup()).path("target").asText());
        List<URI> to = ExperimentSpecReader.destinations(spec);
        assertTrue(to.containsAll(List.of(URI.create("udp://127.0.0.1:11111"), URI.create("udp://127.0.0.2:11111"),
                URI.create("tcp://127.0.0.2:5201"))), "every cell's address goes to the allowlist: " + to);
    }

    @Test
    void aFaultInsideTheRunIsNamedUnderTheVariantOnce() {
        Map<String, String> v = refused("'variants':[{'run':{'kind':'udp-throughput','target':'udp://{host}:11111',"
                + "'rate':-5,'colour':'red'}}]");
        assertTrue(v.containsKey("variants[0].run.rate"), v::toString);
        assertEquals("unknown field", v.get("variants[0].run.colour"), "once, though two targets read it");
    }

    @Test
    void theExperimentsOwnDurationAndWarmupAreNamedWhereTheyAreGiven() {
        Map<String, String> v = refused("'variants':[{'run':{'kind':'iperf','target':'tcp://{host}:5201'}}],"
                + "'warmup':'200ms'");
        assertEquals("variants[0] (iperf): must be whole seconds, 0..1h", v.get("warmup"), v::toString);
    }

    @Test
    void whatMakesNoSenseBesideARunIsNamed() {
        Map<String, String> v = refused("'variants':[{'run':{'kind':'http','target':'http://{host}:8080/'}},"
                + "{'run':{'kind':'udp-pingpong','target':'udp://{host}:11111'}},{'run':{'kind':'iperf','target':'tcp://127.0.0.1:5201'}},"
                + "{'run':{'kind':'iperf','target':'tcp://{host}:5201','duration':'5s'}},{'number':3,'run':{'kind':'iperf',"
                + "'target':'tcp://{host}:5201'}},{'run':'iperf'},{'run':{'target':'udp://{host}:1'}}]");
        assertTrue(v.get("variants[0].run.kind").contains("an http cell is the variant's own fields"), v::toString);
        assertTrue(v.get("variants[1].run.kind").contains("gives no figures"), v::toString);
        assertTrue(v.get("variants[1].run.kind").contains("udp-throughput") && v.get("variants[1].run.kind").contains("iperf"));
        assertTrue(v.get("variants[2].run.target").contains("{host}"), v::toString);
        assertEquals("set by the experiment for every cell", v.get("variants[3].run.duration"));
        assertTrue(v.get("variants[4].number").contains("not with run"), v::toString);
        assertTrue(v.get("variants[5].run").contains("must be a JSON object"), v::toString);
        assertTrue(v.get("variants[6].run.kind").contains("required"), v::toString);
    }

    @Test
    void aRunVariantTakesNoSearchNoProtocolsAndSplitsAsItsKindDoes() {
        String iperf = "'variants':[{'run':{'kind':'iperf','target':'tcp://{host}:5201','streams':2}}]";
        assertTrue(refused(iperf + ",'search':{'p99Millis':5}").get("search").contains("probes http variants"));
        assertTrue(refused(iperf + ",'protocols':['h2']").get("protocols").contains("axis is http's"));
        Map<String, String> v = refused(iperf + ",'agents':3",
                AgentDiscovery.parse("http://127.0.0.1:9,http://127.0.0.1:10,http://127.0.0.1:11"));
        assertTrue(v.get("variants[0].run.streams").contains("3"), "2 streams cannot go to 3 agents: " + v);
    }
}
