package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.scrape.PrometheusText;
import io.loadlab.loadgen.scrape.Scraper;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The reflector's own count of datagrams received, read from its Prometheus text before and after a
 * run, as iperf3's server reports what arrived. After the run the count is read until it stops moving
 * (datagrams still queued in the reflector's socket), so on loopback the difference is exact.
 */
final class TargetCounters {

    static final String RECEIVED = "target_udp_received_total";
    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private static final long SETTLE_MILLIS = 100;
    private static final int MAX_SETTLE_READS = 20;

    private final URI url;
    private final Scraper scraper;
    private final long before;

    /** What arrived during the run; {@code problem} says why {@code received} is unknown (then -1). */
    record Delta(long received, String problem) {
    }

    private TargetCounters(URI url, Scraper scraper, long before) {
        this.url = url;
        this.scraper = scraper;
        this.before = before;
    }

    /** Reads the count once, now, with the service's shared client. */
    static TargetCounters before(URI url, Scraper scraper) throws IOException {
        return new TargetCounters(url, scraper, read(scraper, url));
    }

    /** The count's rise since {@link #before}, once it has settled. Never throws. */
    Delta delta() {
        try {
            long last = read(scraper, url);
            for (int i = 0; i < MAX_SETTLE_READS; i++) {
                TimeUnit.MILLISECONDS.sleep(SETTLE_MILLIS);
                long now = read(scraper, url);
                if (now == last) {
                    break;
                }
                last = now;
            }
            return new Delta(last - before, null);
        } catch (IOException e) {
            return new Delta(-1, "targetMetrics unreadable after the run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Delta(-1, "interrupted while reading targetMetrics");
        }
    }

    private static long read(Scraper scraper, URI url) throws IOException {
        return PrometheusText.sum(scraper.fetch(url, TIMEOUT), RECEIVED)
                .orElseThrow(() -> new IOException(url + " has no " + RECEIVED + ": is it the target's reflector?"));
    }
}
