package io.loadlab.loadgen.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one event loop learned of TLS beyond its counters: the first agreement (version, cipher, ALPN protocol) and the
 * measured part's failures by reason. Written on its loop only; read once the loop has finished. Failures are rare
 * and reasons few, so a map is fine here; nothing of it is touched by a handshake that succeeds but the first.
 */
final class TlsTally {

    private TlsAgreement first;
    private final Map<String, Long> failures = new LinkedHashMap<>();

    /** The first completed handshake's agreement is kept; connections of one run agree alike against one server. */
    void agreed(TlsAgreement agreement) {
        if (first == null) {
            first = agreement;
        }
    }

    /** A failure of the measured part, counted by reason: at most {@link TlsReport#MAX_REASONS}, the rest "other". */
    void failed(String reason) {
        String key = failures.containsKey(reason) || failures.size() < TlsReport.MAX_REASONS ? reason : "other";
        failures.merge(key, 1L, Long::sum);
    }

    TlsAgreement first() {
        return first;
    }

    Map<String, Long> failures() {
        return failures;
    }

    /** The loops' tallies together: the first agreement of any, the reasons summed and capped as above. */
    static TlsTally merge(Iterable<TlsTally> tallies) {
        TlsTally all = new TlsTally();
        for (TlsTally t : tallies) {
            if (t.first != null) {
                all.agreed(t.first);
            }
            t.failures.forEach((reason, n) -> {
                String key = all.failures.containsKey(reason) || all.failures.size() < TlsReport.MAX_REASONS ? reason : "other";
                all.failures.merge(key, n, Long::sum);
            });
        }
        return all;
    }
}
