package io.loadlab.loadgen.udp.underload;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.scrape.Scraper;
import io.loadlab.loadgen.udp.UdpFigures;
import io.loadlab.loadgen.udp.UdpRunDriver;
import jakarta.inject.Singleton;

/** Runs {@code UdpUnderLoadSpec}s. */
@Singleton
public class UdpUnderLoadDriver extends UdpRunDriver {

    public UdpUnderLoadDriver(NanoClock clock, AddressPolicy policy, Scraper scraper) {
        super(clock, policy, scraper);
    }

    @Override
    public String kind() {
        return UdpUnderLoadSpec.KIND;
    }

    @Override
    protected RunReport report(UdpFigures figures) {
        return UdpUnderLoadReport.of(figures);
    }
}
