package io.loadlab.loadgen.iperf;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Registers this kind's records for reflection: Jackson writes them inside runs (API answers, files on disk)
 * reached through the polymorphic RunSpec and RunReport, which a native image would otherwise write as {@code {}}.
 * Here rather than in the API's list, so the API never names this package.
 */
@RegisterForReflection(targets = {IperfSpec.class, IperfReport.class, IperfReport.CpuUtilisation.class,
        DirectionReport.class, StreamFigures.class, IntervalFigures.class})
final class IperfJsonTypes {

    private IperfJsonTypes() {
    }
}
