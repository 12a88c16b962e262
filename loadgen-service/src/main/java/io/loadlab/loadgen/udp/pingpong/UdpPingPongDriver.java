package io.loadlab.loadgen.udp.pingpong;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.scrape.Scraper;
import io.loadlab.loadgen.udp.UdpFigures;
import io.loadlab.loadgen.udp.UdpRunDriver;
import jakarta.inject.Singleton;

/** Runs {@code UdpPingPongSpec}s. */
@Singleton
public class UdpPingPongDriver extends UdpRunDriver {

    public UdpPingPongDriver(NanoClock clock, AddressPolicy policy, Scraper scraper) {
        super(clock, policy, scraper);
    }

    @Override
    public String kind() {
        return UdpPingPongSpec.KIND;
    }

    @Override
    protected RunReport report(UdpFigures figures) {
        return UdpPingPongReport.of(figures);
    }
}
