package io.loadlab.loadgen.http;

import io.loadlab.loadgen.report.LatencySummary;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WrkTextReportTest {

    static final URI TARGET = URI.create("http://127.0.0.1:8080/test/testApi");

    static LatencySummary latency(double mean, double stdev, double max, double p50, double p75, double p90, double p99) {
        return new LatencySummary(mean, stdev, 0, 0, p50, p75, p90, p99, 0, 0, 0, max, 1);
    }

    @Test
    void cleanRunInWrksLayout() {
        HttpReport r = new HttpReport(123456, 10.0, 12345.6, 15_000_000, 0, new HttpErrors(0, 0, 0, 0, 0),
                latency(4050, 1230, 45670, 3900, 4500, 5600, 9800), null, null, 50, 0, 12345.6);
        String expected = """
                Running 10s test @ http://127.0.0.1:8080/test/testApi
                  1 threads and 50 connections
                  Thread Stats   Avg      Stdev     Max   +/- Stdev
                    Latency     4.05ms    1.23ms  45.67ms        -
                    Req/Sec    12.35k        -        -          -
                  Latency Distribution
                     50%    3.90ms
                     75%    4.50ms
                     90%    5.60ms
                     99%    9.80ms
                  123456 requests in 10.00s, 14.31MB read
                Requests/sec:  12345.60
                Transfer/sec:      1.43MB
                """;
        assertEquals(expected, WrkTextReport.render(TARGET, Duration.ofSeconds(10), 1, 50, r, null));
    }

    @Test
    void errorsMicrosecondsAndShareWithinStdev() {
        Histogram h = new Histogram(3);
        h.recordValue(1_000_000);
        h.recordValue(2_000_000);
        h.recordValue(3_000_000);
        HttpReport r = new HttpReport(3, 60.0, 0.05, 900, 0, new HttpErrors(1, 2, 3, 6, 4, 5),
                latency(635.91, 890, 1_250_000, 512, 700, 950, 1_500_000), null, null, 2, 0, 0.05);
        String expected = """
                Running 1m test @ http://127.0.0.1:8080/test/testApi
                  2 threads and 2 connections
                  Thread Stats   Avg      Stdev     Max   +/- Stdev
                    Latency   635.91us    0.89ms   1.25s    33.33%
                    Req/Sec     0.03         -        -          -
                  Latency Distribution
                     50%  512.00us
                     75%  700.00us
                     90%    0.95ms
                     99%    1.50s\s
                  3 requests in 1.00m, 0.88KB read
                  Socket errors: connect 1, read 3, write 0, timeout 2
                  Non-2xx or 3xx responses: 15
                Requests/sec:      0.05
                Transfer/sec:      15.00B
                """;
        assertEquals(expected, WrkTextReport.render(TARGET, Duration.ofMinutes(1), 2, 2, r, h));
    }

    @Test
    void connectionsThatNeverOpenedHaveALineOfTheirOwn() {
        HttpReport r = new HttpReport(10, 1.0, 10, 100, 0, new HttpErrors(552, 0, 0, 0, 0),
                latency(1000, 0, 1000, 1000, 1000, 1000, 1000), null, null, 4448, 0, 10, 0, null, null, 5000, 4448, 552);
        String text = WrkTextReport.render(TARGET, Duration.ofSeconds(1), 1, 5000, r, null);

        assertTrue(text.contains("  Socket errors: connect 552, read 0, write 0, timeout 0\n"
                + "  Connections: 552 of 5000 never opened, 4448 did\n"), text);
    }

    /** wrk speaks no HTTP/2: one line of ours, only in HTTP/2 reports, names streams, the limit and their errors. */
    @Test
    void http2HasALineOfItsOwn() {
        HttpReport plain = new HttpReport(10, 1.0, 10, 100, 0, new HttpErrors(0, 0, 0, 0, 0, 0, 0, 5, 3),
                latency(1000, 0, 1000, 1000, 1000, 1000, 1000), null, null, 2, 0, 10, 0, null, null, 2, 2, 0);
        HttpReport r = plain.withProtocol(null, new H2Report(200, 128, 128, 2, java.util.Map.of("REFUSED_STREAM", 5L)));
        String text = WrkTextReport.render(TARGET, Duration.ofSeconds(1), 1, 2, r, null);

        assertTrue(text.contains("  HTTP/2: 200 streams per connection, 128 used (server limit: 128), 2 GOAWAYs (3 streams "
                + "left unanswered), 5 streams reset REFUSED_STREAM 5\n"), text);
        assertFalse(WrkTextReport.render(TARGET, Duration.ofSeconds(1), 1, 2, plain, null).contains("HTTP/2"));
        assertTrue(WrkTextReport.render(TARGET, Duration.ofSeconds(1), 1, 2,
                plain.withProtocol(null, new H2Report(1, -1, 1, 0, null)), null)
                .contains("  HTTP/2: 1 streams per connection, 1 used (server limit: none), 0 GOAWAYs"));
    }

    @Test
    void anHttpsRunHasATlsBlockBeforeTheRates() {
        HttpReport r = new HttpReport(10, 1.0, 10, 100, 0, new HttpErrors(0, 0, 0, 0, 0, 0, 3, 0, 0),
                latency(1000, 0, 1000, 1000, 1000, 1000, 1000), null, null, 4, 0, 10, 0, null, null, 4, 4, 0)
                .withProtocol(new TlsReport(4, 1, latency(900, 0, 2500, 850, 0, 0, 2400), "http/1.1", "TLSv1.3",
                        "TLS_AES_128_GCM_SHA256", 3, Map.of(TlsFailureReason.TIMED_OUT, 2L, TlsFailureReason.NOT_TLS, 1L)), null);
        String text = WrkTextReport.render(TARGET, Duration.ofSeconds(1), 1, 4, r, null);

        assertTrue(text.contains("""
                  TLS handshakes: 4, resumed 1, p50 0.85ms, p99 2.40ms
                  TLS agreed: TLSv1.3, TLS_AES_128_GCM_SHA256, ALPN http/1.1
                  TLS errors: 3
                    2 handshake timed out
                    1 not a TLS server
                Requests/sec:"""), text);
    }

    @Test
    void aMixHasATablePerNameUnderTheTotals() {
        HttpReport plain = new HttpReport(40, 2.0, 20, 8000, 1600, new HttpErrors(0, 1, 0, 0, 0, 1),
                latency(1000, 0, 5000, 130, 0, 0, 2000), null, null, 2, 0, 20, 1, null, null, 2, 2, 0);
        HttpReport r = plain.withMix(java.util.List.of(
                new RequestReport("get", 3, 30, 15, 30, 1, 6000, 1200, new HttpErrors(0, 0, 0, 0, 0),
                        latency(115, 0, 129, 115, 0, 0, 129), null, null),
                new RequestReport("add-to-cart", 1, 10, 5, 11, 0, 2000, 400, new HttpErrors(0, 1, 0, 0, 0, 1),
                        latency(2300, 0, 5000, 2000, 0, 0, 5000), null, null)));
        String text = WrkTextReport.render(TARGET, Duration.ofSeconds(2), 1, 2, r, null);

        assertTrue(text.endsWith("""
                Transfer/sec:      3.91KB
                  Requests by name
                    Name        Weight   Requests    Req/Sec  Errors       p50       p99       Max
                    get              3         30      15.00       0  115.00us  129.00us  129.00us
                    add-to-cart      1         10       5.00       2    2.00ms    5.00ms    5.00ms
                """), text);
        assertEquals(WrkTextReport.render(TARGET, Duration.ofSeconds(2), 1, 2, plain, null),
                text.substring(0, text.indexOf("  Requests by name")), "the totals' lines as without a mix");
    }

    @Test
    void unitsFollowWrk() {
        assertEquals("849.00us", WrkUnits.timeMicros(849));
        assertEquals("0.85ms", WrkUnits.timeMicros(850));
        assertEquals("1.00s", WrkUnits.timeMicros(1_000_000));
        assertEquals("120.00m", WrkUnits.timeMicros(7_200_000_000.0));
        assertEquals("12.35k", WrkUnits.metric(12_345));
        assertEquals("1.00M", WrkUnits.metric(1_000_000));
        assertEquals("1.00K", WrkUnits.binary(1024));
        assertEquals("1.00G", WrkUnits.binary(1024.0 * 1024 * 1024));
        assertEquals("10s", WrkUnits.timeSeconds(10));
        assertEquals("1m", WrkUnits.timeSeconds(60));
    }
}
