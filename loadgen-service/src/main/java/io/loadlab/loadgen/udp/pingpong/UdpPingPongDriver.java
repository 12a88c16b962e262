package io.loadlab.loadgen.udp.pingpong;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.scrape.Scraper;
import io.loadlab.loadgen.udp.UdpRunDriver;
import jakarta.inject.Singleton;

/** Runs {@code UdpPingPongSpec}s: the UDP driver, making this kind's report. */
@Singleton
public class UdpPingPongDriver extends UdpRunDriver {

    public UdpPingPongDriver(NanoClock clock, AddressPolicy policy, Scraper scraper) {
        super(UdpPingPongSpec.KIND, UdpPingPongReport::of, clock, policy, scraper);
    }
}
