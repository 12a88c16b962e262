package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.http.HttpProtocol;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.http.TlsSpec;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.Violation;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code protocols} axis as a spec: what each entry may be, what it needs of targets and variants, its cells' runs. */
class ExperimentProtocolsTest {

    static final URI URL = URI.create("http://127.0.0.1:1/test/testApi");
    static final URI METRICS = URI.create("http://127.0.0.1:1/q/metrics");
    static final ExperimentTarget PLAIN = new ExperimentTarget("t", URL, METRICS, 1);
    static final ExperimentTarget TLS = new ExperimentTarget("t", URL, METRICS, 1, null, null, null, null,
            URI.create("https://localhost:8443"));
    static final Variant KEEP = new Variant(10, 4, 1, true, 0);
    static final Variant CLOSE = new Variant(10, 4, 1, false, 0);

    static ExperimentSpec spec(ExperimentTarget t, List<Variant> variants, ExperimentProtocol... protocols) {
        return new ExperimentSpec(null, List.of(t), variants, Duration.ofSeconds(2), Duration.ZERO, null, 100.0, null,
                null, null, null, protocols.length == 0 ? null : Arrays.asList(protocols));
    }

    static List<Violation> violations(ExperimentTarget t, List<Variant> variants, ExperimentProtocol... protocols) {
        return assertThrows(InvalidSpecException.class, () -> spec(t, variants, protocols)).violations();
    }

    static void named(List<Violation> found, String field, String message) {
        assertTrue(found.stream().anyMatch(v -> v.field().equals(field) && v.message().contains(message)),
                field + " '" + message + "' in " + found);
    }

    @Test
    void withoutTheAxisEveryCellIsPlainHttpAndTheRecordIsAsBefore() throws Exception {
        ExperimentSpec s = spec(PLAIN, List.of(KEEP));
        assertEquals(List.of(ExperimentProtocol.DEFAULT), s.cellProtocols());
        ObjectMapper m = ExperimentStoreTest.mapper();
        String json = m.writeValueAsString(ExperimentTableTest.sample());
        assertFalse(json.contains("protocol"), "no protocol anywhere in a record without the axis: " + json);
        assertFalse(json.contains("tlsUrl"), json);
        HttpRunSpec run = CellSpecs.http(PLAIN, KEEP, Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1));
        assertEquals(HttpProtocol.HTTP_1_1, run.protocol());
        assertNull(run.tls());
        assertEquals(URL, run.target());
    }

    @Test
    void aRecordWithTheAxisReadsBackEqual() throws Exception {
        ExperimentSpec s = spec(TLS, List.of(KEEP), ExperimentProtocol.of("http/1.1"),
                new ExperimentProtocol("tls", "h2", 10, true, new TlsSpec(null, false, List.of("TLSv1.3"), List.of(), false)));
        ExperimentRecord x = ExperimentRecord.started("20250102-030405-000-009", s, ExperimentTableTest.T0)
                .finished(RunState.COMPLETED, ExperimentTableTest.T0, null);
        ObjectMapper m = ExperimentStoreTest.mapper();
        assertEquals(x, m.readValue(m.writeValueAsString(x), ExperimentRecord.class));
    }

    @Test
    void eachEntryIsCheckedAndNamed() {
        named(violations(PLAIN, List.of(KEEP), ExperimentProtocol.of("h3")), "protocols[0].protocol", "must be one of");
        named(violations(PLAIN, List.of(KEEP), ExperimentProtocol.of(null)), "protocols[0].protocol", "must be one of");
        named(assertThrows(InvalidSpecException.class, () -> new ExperimentSpec(null, List.of(PLAIN), List.of(KEEP),
                Duration.ofSeconds(2), null, null, null, null, null, null, null, List.of())).violations(),
                "protocols", "must name 1 to 8");
        named(violations(PLAIN, List.of(KEEP), ExperimentProtocol.of("http/1.1"), ExperimentProtocol.of("http/1.1")),
                "protocols[1].name", "is also protocols[0]'s");
        named(violations(PLAIN, List.of(KEEP), new ExperimentProtocol(null, "http/1.1", 10, null, null)),
                "protocols[0].streams", "needs h2 or h2c");
        named(violations(PLAIN, List.of(KEEP), new ExperimentProtocol(null, "h2c", 10, false, null)),
                "protocols[0].streams", "needs keepAlive");
        named(violations(PLAIN, List.of(KEEP, CLOSE), new ExperimentProtocol(null, "h2c", 10, null, null)),
                "protocols[0].streams", "variants[1].keepAlive is false");
        named(violations(PLAIN, List.of(KEEP), new ExperimentProtocol(null, "h2c", 1001, null, null)),
                "protocols[0].streams", "from 1 to 1000");
        named(violations(PLAIN, List.of(KEEP), new ExperimentProtocol(null, "h2c", 1, null, TlsSpec.DEFAULT)),
                "protocols[0].tls", "over TLS only");
        named(violations(PLAIN, List.of(KEEP), new ExperimentProtocol("a\nb", "h2c", 1, null, null)),
                "protocols[0].name", "1 to 40");
    }

    @Test
    void anEntryOverTlsNeedsEveryTargetsTlsUrl() {
        List<Violation> found = violations(PLAIN, List.of(KEEP), ExperimentProtocol.of("http/1.1"), ExperimentProtocol.of("h2"));
        named(found, "protocols[1]", "targets[0].tlsUrl is required");
        assertEquals(1, found.size(), found.toString());
        named(violations(new ExperimentTarget("t", URL, METRICS, 1, null, null, null, null, URI.create("http://x:8443")),
                List.of(KEEP)), "targets[0].tlsUrl", "https://");
        Variant plainUrl = new Variant(0, 4, 1, true, 0, null, null, null, URI.create("http://127.0.0.1:1/x"), null, null);
        named(violations(TLS, List.of(plainUrl), ExperimentProtocol.of("https/1.1")), "variants[0].url", "speaks TLS");
    }

    @Test
    void aCellOverTlsGoesToTheTlsUrlWithTheUrlsPathAndTheEntrysProtocolStreamsKeepAliveAndTls() {
        TlsSpec noResume = new TlsSpec(null, false, List.of(), List.of(), false);
        ExperimentProtocol h2 = new ExperimentProtocol(null, "h2", 100, null, noResume);
        assertEquals("h2 s=100 noresume", h2.label());
        spec(TLS, List.of(KEEP), h2); // valid
        HttpRunSpec run = CellSpecs.http(TLS, KEEP, h2, Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1));
        assertEquals(URI.create("https://localhost:8443/test/testApi"), run.target());
        assertEquals(HttpProtocol.H2, run.protocol());
        assertEquals(100, run.streams());
        assertEquals(noResume, run.tls());
        assertTrue(run.keepAlive());

        ExperimentProtocol close = new ExperimentProtocol(null, "https/1.1", 1, false, null);
        assertEquals("https/1.1 close", close.label());
        HttpRunSpec closed = CellSpecs.http(TLS, KEEP, close, Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1));
        assertEquals(HttpProtocol.HTTP_1_1, closed.protocol());
        assertEquals(TlsSpec.DEFAULT, closed.tls());
        assertFalse(closed.keepAlive(), "the entry's keep-alive overrides the variant's");

        ExperimentProtocol h2c = ExperimentProtocol.of("h2c");
        HttpRunSpec clear = CellSpecs.http(TLS, CLOSE, h2c, Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1));
        assertEquals(URL, clear.target());
        assertNull(clear.tls());
        assertFalse(clear.keepAlive(), "no override: the variant's own");

        Variant path = new Variant(0, 4, 1, true, 0, null, null, "/index.html?x=1", null, null, null);
        assertEquals(URI.create("https://localhost:8443/index.html?x=1"),
                CellSpecs.http(TLS, path, close, Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1)).target());
    }

    @Test
    void everyEntryMultipliesTheRunsPlanned() {
        assertEquals(1, spec(TLS, List.of(KEEP)).maxRuns());
        assertEquals(3, spec(TLS, List.of(KEEP), ExperimentProtocol.of("http/1.1"), ExperimentProtocol.of("h2"),
                ExperimentProtocol.of("https/1.1")).maxRuns());
        assertEquals(Long.MAX_VALUE, ExperimentSpec.maxRuns(Integer.MAX_VALUE, Integer.MAX_VALUE, 8, 30, 20, 7, 0));
    }
}
