package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.RunKindDefinition;

/**
 * What the three UDP kinds' definitions share: the shared JSON fields under the configured limits, and the message
 * meters their reports add to. Each kind adds its own fields, its text and what it counts.
 */
public abstract class UdpKind<S extends UdpRunSpec, R extends RunReport> extends RunKindDefinition<S, R> {

    private final UdpMessageMeters meters;
    private final LimitsConfig limits;

    protected UdpKind(String name, Class<S> specType, Class<R> reportType, UdpMessageMeters meters,
                      LimitsConfig limits) {
        super(name, specType, reportType);
        this.meters = meters;
        this.limits = limits;
    }

    /** @param bitrateAllowed whether the kind takes {@code bitrate} (a ping-pong's rate caps pings: it does not) */
    protected UdpSpecFields fields(JsonFields f, boolean bitrateAllowed) {
        return UdpSpecFields.read(f, limits, bitrateAllowed);
    }

    protected UdpMessageMeters meters() {
        return meters;
    }
}
