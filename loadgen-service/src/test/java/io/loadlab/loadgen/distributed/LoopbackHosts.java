package io.loadlab.loadgen.distributed;

import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.TargetService;

import java.nio.file.Path;
import java.util.List;

/** Target, agents and controllers all on 127.0.0.1, the loadgen's default allowlist. */
final class LoopbackHosts implements AgentHosts {

    @Override
    public TargetService target() throws Exception {
        return TargetService.startWith(List.of("-Dtarget.iperf.max-clients=3"));
    }

    @Override
    public LoadgenService agent(int i, Path data, List<String> properties) throws Exception {
        return LoadgenService.start(data, properties);
    }

    @Override
    public List<String> controller() {
        return List.of();
    }

    @Override
    public void close() {
        // nothing of its own
    }
}
