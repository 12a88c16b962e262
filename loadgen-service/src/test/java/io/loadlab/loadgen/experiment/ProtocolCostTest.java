package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.ProtocolFigures;
import io.loadlab.loadgen.run.RunState;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A cell's protocol in its evidence, its verdict's words and the table: handshakes, failed ones, side by side. */
class ProtocolCostTest {

    static final Verdicts VERDICTS = new Verdicts(Thresholds.DEFAULTS);
    static final ExperimentProtocol PLAIN = ExperimentProtocol.of("http/1.1");
    static final ExperimentProtocol CLOSE = new ExperimentProtocol(null, "https/1.1", 1, false, null);

    /** 2 s measured, 4,000 attempts: a keep-alive-off TLS run makes one handshake per request. */
    static CellFigures figures(ProtocolFigures p) {
        return new CellFigures(2.0, 1_000_000, 2000, null, 0, 4000, 0, 2000, 1, null, p);
    }

    static ProtocolFigures tls(long handshakes, long resumed, long failures, Map<String, Long> reasons) {
        return new ProtocolFigures("http/1.1", true, handshakes, resumed, 2500.0, failures, reasons, null, 0, 0);
    }

    @Test
    void aTlsCellsEvidenceHasItsHandshakesPerSecondPerRequestAndP99() {
        Evidence e = ProtocolCost.evidence(Evidence.of(0.97, 0.2, 0.3, 0.3, null), CLOSE, figures(tls(4000, 1000, 0, null)));
        ProtocolEvidence p = e.protocol();
        assertEquals("https/1.1 close", p.entry());
        assertEquals("http/1.1", p.protocol());
        assertEquals(2000.0, p.tlsHandshakesPerSecond(), 1e-9);
        assertEquals(1.0, p.tlsHandshakesPerRequest(), 1e-9);
        assertEquals(0.25, p.tlsResumed(), 1e-9);
        assertEquals(2.5, p.tlsHandshakeP99Millis(), 1e-9);
        assertEquals(0L, p.tlsErrors());
        assertNull(e.unmeasured());
    }

    @Test
    void aPlainCellHasNoHandshakeFiguresAndATlsCellWithoutFiguresSaysWhy() {
        ProtocolFigures plain = new ProtocolFigures("http/1.1", false, 0, 0, null, 0, null, null, 0, 0);
        ProtocolEvidence p = ProtocolCost.evidence(Evidence.of(0.5, 0.2, 0.3, 0.3, null), PLAIN, figures(plain)).protocol();
        assertNull(p.tlsHandshakesPerSecond());
        assertNull(p.tlsErrors());
        Evidence none = ProtocolCost.evidence(Evidence.of(0.5, 0.2, 0.3, 0.3, null), CLOSE, null);
        assertNull(none.protocol().tlsHandshakesPerSecond());
        assertEquals("the run gave no figures", none.unmeasured().get("protocol.tlsHandshakesPerSecond"));
        Evidence noneDone = ProtocolCost.evidence(Evidence.of(0.5, 0.2, 0.3, 0.3, null), CLOSE,
                figures(new ProtocolFigures("http/1.1", true, 0, 0, null, 0, null, null, 0, 0)));
        assertTrue(noneDone.unmeasured().get("protocol.tlsHandshakeP99Millis").contains("no handshake completed"));
        assertEquals(0.0, noneDone.protocol().tlsHandshakesPerRequest(), 0);
    }

    @Test
    void handshakesOnAtLeastHalfTheRequestsAreNotedInTheVerdictsWordsAndChangeNoRule() {
        Evidence base = Evidence.of(0.97, 0.2, 0.3, 0.3, null);
        Verdict heavy = VERDICTS.decide(ProtocolCost.evidence(base, CLOSE, figures(tls(4000, 0, 0, null))));
        assertEquals(Verdict.CPU, heavy.verdict());
        assertTrue(heavy.reason().startsWith(VERDICTS.decide(base).reason() + "; note: 1.00 of the requests made a TLS "
                + "handshake (2000/s, 0.00 resumed, p99 2.50 ms)"), heavy.reason());
        assertEquals(VERDICTS.decide(base).judgedFrom(), heavy.judgedFrom());
        Verdict light = VERDICTS.decide(ProtocolCost.evidence(base, CLOSE, figures(tls(1999, 0, 0, null))));
        assertEquals(VERDICTS.decide(base).reason(), light.reason(), "0.50 is the line: 1,999 of 4,000 is under it");
        Verdict half = VERDICTS.decide(ProtocolCost.evidence(base, CLOSE, figures(tls(2000, 0, 0, null))));
        assertTrue(half.reason().contains("; note: 0.50 of the requests made a TLS handshake"), half.reason());
    }

    @Test
    void failedHandshakesMakeTheCellUntrustworthyWithTheirReasons() {
        CellFigures r = figures(tls(10, 0, 3990, Map.of("certificate expired", 3000L, "other", 990L)));
        Verdict v = ProtocolCost.judged(VERDICTS.decide(Evidence.of(0.2, 0.1, 0.3, 0.3, null)), r);
        assertFalse(v.trustworthy());
        assertTrue(v.reason().startsWith("3990 TLS handshakes failed (errors.tls; certificate expired: 3000, other: 990)"),
                v.reason());
        Verdict clean = VERDICTS.decide(Evidence.of(0.2, 0.1, 0.3, 0.3, null));
        assertEquals(clean, ProtocolCost.judged(clean, figures(tls(10, 0, 0, null))));
        assertEquals(clean, ProtocolCost.judged(clean, null));
    }

    @Test
    void theTableShowsEachProtocolInItsOwnColumnsAndSideBySide() {
        ExperimentTarget t = ExperimentProtocolsTest.TLS;
        Variant v = ExperimentProtocolsTest.KEEP;
        ExperimentSpec spec = ExperimentProtocolsTest.spec(t, List.of(v), PLAIN, CLOSE);
        Evidence plainE = ProtocolCost.evidence(Evidence.of(0.4, 0.9, 0.3, 0.3, null), PLAIN,
                figures(new ProtocolFigures("http/1.1", false, 0, 0, null, 0, null, null, 0, 0)));
        Evidence tlsE = ProtocolCost.evidence(Evidence.of(0.97, 0.2, 0.3, 0.3, null), CLOSE, figures(tls(4000, 0, 0, null)));
        CellResult plain = new CellResult("t", 1, v.label(), "r1", "completed", 9000, 90, 1, 2, 0, 0, 0, 9000,
                VERDICTS.decide(plainE), null, PLAIN.label());
        CellResult close = new CellResult("t", 1, v.label(), "r2", "completed", 2000, 20, 1, 2, 0, 0, 0, 2000,
                VERDICTS.decide(tlsE), null, CLOSE.label());
        ExperimentRecord x = ExperimentRecord.started("20250102-030405-000-010", spec, ExperimentTableTest.T0)
                .withCell(plain).withCell(close).finished(RunState.COMPLETED, ExperimentTableTest.T0, null);
        String text = ExperimentTable.text(x);
        assertTrue(text.contains("t            n=10 c=4                 http/1.1 9000.0 network-bound | https/1.1 close 2000.0 "
                + "hs/req 1.00 cpu-bound\n"), text);
        assertTrue(text.matches("(?s).*\\bt\\s+1\\s+n=10 c=4\\s+https/1.1 close\\s+2000\\.0.*\\s2000\\s+cpu-bound\n.*"), text);
        assertTrue(text.contains("t n=10 c=4 https/1.1 close: target CPU 0.97"), text);
        assertEquals(2, x.scaling().size(), "one comparison per protocol");
        assertEquals(List.of("http/1.1", "https/1.1 close"), x.scaling().stream().map(ScalingRow::protocol).toList());
        String[] csv = ExperimentTable.csv(x).split("\n");
        assertEquals(ExperimentTable.CSV_HEADER + ExperimentTable.CSV_PROTOCOL, csv[0]);
        assertTrue(csv[1].endsWith(",http/1.1,http/1.1,,,"), csv[1]);
        assertTrue(csv[2].endsWith(",https/1.1 close,http/1.1,2000.000,1.000,2.500"), csv[2]);
        ExperimentRecord running = ExperimentRecord.started("20250102-030405-000-011", spec, ExperimentTableTest.T0);
        assertFalse(ExperimentTable.text(running).contains("side by side"), "no cells, no block");
        assertEquals(Duration.ofSeconds(2), spec.duration());
    }
}
