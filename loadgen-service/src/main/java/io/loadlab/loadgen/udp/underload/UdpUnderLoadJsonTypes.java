package io.loadlab.loadgen.udp.underload;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Registers this kind's records for reflection: Jackson writes them inside runs (API answers, files on disk)
 * reached through the polymorphic RunSpec and RunReport, which a native image would otherwise write as {@code {}}.
 * Here rather than in the API's list, so nothing outside this package names the udp-under-load kind.
 */
@RegisterForReflection(targets = {UdpUnderLoadSpec.class, UdpUnderLoadReport.class})
final class UdpUnderLoadJsonTypes {

    private UdpUnderLoadJsonTypes() {
    }
}
