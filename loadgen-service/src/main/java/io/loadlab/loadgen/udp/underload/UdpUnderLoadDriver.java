package io.loadlab.loadgen.udp.underload;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.scrape.Scraper;
import io.loadlab.loadgen.udp.UdpRunDriver;
import jakarta.inject.Singleton;

/** Runs {@code UdpUnderLoadSpec}s: the UDP driver, making this kind's report. */
@Singleton
public class UdpUnderLoadDriver extends UdpRunDriver {

    public UdpUnderLoadDriver(NanoClock clock, AddressPolicy policy, Scraper scraper) {
        super(UdpUnderLoadSpec.KIND, UdpUnderLoadReport::of, clock, policy, scraper);
    }
}
