package io.loadlab.loadgen.distributed;

import io.loadlab.testsupport.SystemTest;

/**
 * {@link DistributedRunsIT} with each agent in a network namespace of its own behind a veth pair: the same
 * assertions with agents as separate hosts, so nothing in the controller leans on sharing a stack with them.
 */
@SystemTest
class DistributedRunsNetnsIT extends DistributedRunsIT {

    @Override
    AgentHosts hosts() throws Exception {
        return NetnsHosts.up();
    }
}
