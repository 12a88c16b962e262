package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.ProtocolFigures;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A cell's protocol in its evidence and verdict: what it spoke and the TLS handshakes it paid for, per second and per
 * request; and failed handshakes making its figures untrustworthy, with their reasons, since a refused certificate
 * measures the refusal, not the target. Pure.
 */
final class ProtocolCost {

    private ProtocolCost() {
    }

    /**
     * {@code e} with the protocol's figures for a cell of entry {@code p}, each unmeasured one with why.
     *
     * @param r the run's figures; null when it gave none
     */
    static Evidence evidence(Evidence e, ExperimentProtocol p, CellFigures r) {
        ProtocolFigures f = r == null ? null : r.protocol();
        Map<String, String> why = new TreeMap<>();
        if (f == null) {
            if (p.secure()) {
                why.put("protocol.tlsHandshakesPerSecond", r == null ? "the run gave no figures"
                        : "the run gave no TLS figures (a run on agents merges none)");
            }
            return e.withProtocol(new ProtocolEvidence(p.label(), p.wire().id(), null, null, null, null, null, null), why);
        }
        Double perSecond = null;
        Double perRequest = null;
        Double resumed = null;
        if (f.tls()) {
            if (r.durationSeconds() > 0) {
                perSecond = f.handshakes() / r.durationSeconds();
            } else {
                why.put("protocol.tlsHandshakesPerSecond", "the run measured no time");
            }
            if (r.attempts() > 0) {
                perRequest = (double) f.handshakes() / r.attempts();
            } else {
                why.put("protocol.tlsHandshakesPerRequest", "the run attempted no request");
            }
            if (f.handshakes() > 0) {
                resumed = (double) f.resumed() / f.handshakes();
            }
            if (f.handshakeP99Micros() == null) {
                why.put("protocol.tlsHandshakeP99Millis", "no handshake completed in the measured part");
            }
        }
        return e.withProtocol(new ProtocolEvidence(p.label(), f.protocol(), perSecond, perRequest, resumed,
                f.handshakeP99Micros() == null ? null : f.handshakeP99Micros() / 1000, f.tls() ? f.tlsErrors() : null,
                f.streamsUsed()), why);
    }

    /**
     * {@code v}, untrustworthy when handshakes failed: the reason names how many and why, before the verdict's own.
     *
     * @param r the run's figures; null when it gave none
     */
    static Verdict judged(Verdict v, CellFigures r) {
        ProtocolFigures f = r == null ? null : r.protocol();
        if (f == null || f.tlsErrors() == 0) {
            return v;
        }
        String reasons = f.tlsFailureReasons().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(x -> x.getKey() + ": " + x.getValue()).collect(Collectors.joining(", "));
        return v.untrusted(String.format(Locale.ROOT, "%d TLS handshakes failed (errors.tls%s): the cell measured the "
                + "refusals, not the target; %s", f.tlsErrors(), reasons.isEmpty() ? "" : "; " + reasons, v.reason()));
    }
}
