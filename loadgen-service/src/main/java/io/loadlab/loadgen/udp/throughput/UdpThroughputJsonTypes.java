package io.loadlab.loadgen.udp.throughput;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Registers this kind's records for reflection: Jackson writes them inside runs (API answers, files on disk)
 * reached through the polymorphic RunSpec and RunReport, which a native image would otherwise write as {@code {}}.
 * Here rather than in the API's list, so nothing outside this package names the udp-throughput kind.
 */
@RegisterForReflection(targets = {UdpThroughputSpec.class, UdpThroughputReport.class})
final class UdpThroughputJsonTypes {

    private UdpThroughputJsonTypes() {
    }
}
