package io.loadlab.loadgen.udp.throughput;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.scrape.Scraper;
import io.loadlab.loadgen.udp.UdpFigures;
import io.loadlab.loadgen.udp.UdpRunDriver;
import jakarta.inject.Singleton;

/** Runs {@code UdpThroughputSpec}s. */
@Singleton
public class UdpThroughputDriver extends UdpRunDriver {

    public UdpThroughputDriver(NanoClock clock, AddressPolicy policy, Scraper scraper) {
        super(clock, policy, scraper);
    }

    @Override
    public String kind() {
        return UdpThroughputSpec.KIND;
    }

    @Override
    protected RunReport report(UdpFigures figures) {
        return UdpThroughputReport.of(figures);
    }
}
