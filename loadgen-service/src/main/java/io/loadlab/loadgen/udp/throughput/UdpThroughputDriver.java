package io.loadlab.loadgen.udp.throughput;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.scrape.Scraper;
import io.loadlab.loadgen.udp.UdpRunDriver;
import jakarta.inject.Singleton;

/** Runs {@code UdpThroughputSpec}s: the UDP driver, making this kind's report. */
@Singleton
public class UdpThroughputDriver extends UdpRunDriver {

    public UdpThroughputDriver(NanoClock clock, AddressPolicy policy, Scraper scraper) {
        super(UdpThroughputSpec.KIND, UdpThroughputReport::of, clock, policy, scraper);
    }
}
