package io.loadlab.loadgen.distributed;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentDiscoveryTest {

    @Test
    void baseUrlsAreTakenAsGivenWithoutTrailingSlashes() throws Exception {
        AgentDiscovery d = AgentDiscovery.parse(" http://127.0.0.1:18091/ , http://127.0.0.2:18092");
        assertFalse(d.dynamic());
        List<AgentEndpoint> agents = d.agents();
        assertEquals(List.of(URI.create("http://127.0.0.1:18091"), URI.create("http://127.0.0.2:18092")),
                agents.stream().map(AgentEndpoint::baseUri).toList());
        assertEquals(URI.create("http://127.0.0.1:18091/agent/info"), agents.get(0).resolve("/agent/info"));
        assertEquals("127.0.0.2:18092", agents.get(1).address());
    }

    @Test
    void dnsResolvesTheNameThroughTheSystemResolverAtEachCall() throws Exception {
        AgentDiscovery d = AgentDiscovery.parse("dns:localhost:18090");
        assertTrue(d.dynamic());
        List<AgentEndpoint> agents = d.agents();
        List<String> expected = java.util.Arrays.stream(InetAddress.getAllByName("localhost"))
                .map(a -> a.getHostAddress().replaceAll("%.*", "")).distinct().sorted()
                .map(a -> "http://" + (a.contains(":") ? "[" + a + "]" : a) + ":18090").toList();
        assertEquals(expected, agents.stream().map(a -> a.baseUri().toString()).toList());
        assertTrue(expected.contains("http://127.0.0.1:18090"), "localhost resolves to loopback: " + expected);
    }

    @Test
    void dnsSeesAgentsComeAndGoBetweenJobs() throws Exception {
        InetAddress[][] answers = {
                {InetAddress.getByAddress(new byte[] {10, 0, 0, 9}), InetAddress.getByAddress(new byte[] {10, 0, 0, 7})},
                {InetAddress.getByAddress(new byte[] {10, 0, 0, 7})}};
        int[] call = {0};
        AgentDiscovery d = AgentDiscovery.parse("dns:loadgen-agent.loadlab.svc:8090", name -> answers[call[0]++]);
        assertEquals(List.of("10.0.0.7:8090", "10.0.0.9:8090"), d.agents().stream().map(AgentEndpoint::address).toList());
        assertEquals(List.of("10.0.0.7:8090"), d.agents().stream().map(AgentEndpoint::address).toList());
    }

    @Test
    void anUnknownNameIsAnErrorAtTheJobNotASilentEmptyList() {
        AgentDiscovery d = AgentDiscovery.parse("dns:no-such-agent.invalid:8090");
        assertThrows(UnknownHostException.class, d::agents);
    }

    @Test
    void malformedSettingsNameTheProperty() {
        for (String bad : new String[] {"", "dns:", "dns:agents", "dns:agents:0", "dns:agents:70000", "dns::8090",
                "ftp://10.0.0.1:21", "http://10.0.0.1:8090?x=1", "http://a:1,,http://b:2", "10.0.0.1:8090",
                "http://a:1,http://a:1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentDiscovery.parse(bad),
                    bad);
            assertTrue(e.getMessage().contains("loadgen.agents"), bad + ": " + e.getMessage());
        }
    }
}
