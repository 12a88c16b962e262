package io.loadlab.loadgen.distributed;

import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.NetnsLink;
import io.loadlab.testsupport.TargetService;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Each agent in a network namespace of its own ({@code distit-a0} ... {@code distit-a4}), joined to the root
 * namespace by a veth pair on a /30 of 10.212.7.0/27 (no other suite's): agents as separate hosts, each with its own
 * stack and link. The target listens on the first link's root side, which every namespace is routed to; the
 * controllers call the agents at their namespaces' addresses. Needs root.
 */
final class NetnsHosts implements AgentHosts {

    private final List<NetnsLink> links;

    private NetnsHosts(List<NetnsLink> links) {
        this.links = links;
    }

    static NetnsHosts up() throws Exception {
        List<NetnsLink> links = new ArrayList<>();
        NetnsHosts hosts = new NetnsHosts(links);
        try {
            for (int i = 0; i < AGENTS; i++) {
                links.add(NetnsLink.up("distit-a" + i, "distit-h" + i, "distit-n" + i,
                        "10.212.7." + (4 * i + 1), "10.212.7." + (4 * i + 2), null));
            }
            for (NetnsLink link : links.subList(1, AGENTS)) {
                link.route(targetHost());
            }
        } catch (Exception | AssertionError e) {
            hosts.close();
            throw e;
        }
        return hosts;
    }

    /** The first link's root side, where the target listens. */
    private static String targetHost() {
        return "10.212.7.1";
    }

    @Override
    public TargetService target() throws Exception {
        // three iperf3 tests at once, one per shared agent, as on loopback (AgentHosts#target)
        return TargetService.start(List.of(), targetHost(), List.of("-Dtarget.iperf.max-clients=3"));
    }

    @Override
    public LoadgenService agent(int i, Path data, List<String> properties) throws Exception {
        NetnsLink link = links.get(i);
        List<String> all = new ArrayList<>(properties);
        all.addAll(allowTarget());
        return LoadgenService.start(data, link.enter(), link.nsAddr(), all);
    }

    @Override
    public List<String> controller() {
        return allowTarget();
    }

    private static List<String> allowTarget() {
        return List.of("-Dloadgen.targets.allowed=" + targetHost() + "/32");
    }

    @Override
    public void close() {
        links.forEach(NetnsLink::close);
    }
}
