package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code protocols} axis checked against the targets and variants it multiplies, so every cell's run spec can be
 * built: each entry a known protocol with a unique label; TLS entries only where every target has a {@code tlsUrl}
 * and every variant's own {@code url} is https; streams above 1 only for HTTP/2 with keep-alive. Each fault is named
 * under its entry ({@code protocols[1].streams}) and, where the fix is elsewhere, names that field too.
 */
final class ProtocolChecks {

    private ProtocolChecks() {
    }

    static void check(Violations v, List<ExperimentTarget> targets, List<Variant> variants,
                      List<ExperimentProtocol> protocols) {
        if (protocols == null) {
            return;
        }
        if (!v.check(!protocols.isEmpty() && protocols.size() <= ExperimentProtocol.MAX, "protocols",
                "must name 1 to " + ExperimentProtocol.MAX + " protocols (leave it out for plain HTTP/1.1)")) {
            return;
        }
        Map<String, Integer> labels = new HashMap<>();
        for (int i = 0; i < protocols.size(); i++) {
            ExperimentProtocol p = protocols.get(i);
            String at = "protocols[" + i + "]";
            if (!v.check(p != null, at, "must be a protocol name or an object")) {
                continue;
            }
            if (!v.check(p.wire() != null, at + ".protocol", "must be one of " + ExperimentProtocol.NAMES)) {
                continue;
            }
            v.check(p.name() == null || p.name().matches(VariantChecks.NAME), at + ".name",
                    "must be 1 to 40 letters, digits, spaces or . _ = / : -");
            Integer before = labels.putIfAbsent(p.label(), i);
            v.check(before == null, at + ".name", "the label '" + p.label() + "' is also protocols[" + before
                    + "]'s: give each a name");
            streams(v, variants, p, at);
            v.check(p.tls() == null || p.secure(), at + ".tls", "is for the entries over TLS only ("
                    + ExperimentProtocol.H2 + ", " + ExperimentProtocol.HTTPS + ")");
            for (int j = 0; j < targets.size(); j++) {
                v.check(!p.secure() || targets.get(j).tlsUrl() != null, at, p.protocol() + " speaks TLS: targets["
                        + j + "].tlsUrl is required (the target's https:// address, e.g. https://target-4:8443)");
            }
            for (int k = 0; k < variants.size(); k++) { // named once: the first variant whose url does not fit
                URI url = variants.get(k).url();
                if (url != null && "https".equalsIgnoreCase(url.getScheme()) != p.secure()) {
                    v.add("variants[" + k + "].url", "is " + url.getScheme() + "://, but " + at + " (" + p.protocol()
                            + ") " + (p.secure() ? "speaks TLS" : "does not speak TLS") + ": give a path, resolved "
                            + "against each target's " + (p.secure() ? "tlsUrl" : "url"));
                    break;
                }
            }
        }
    }

    private static void streams(Violations v, List<Variant> variants, ExperimentProtocol p, String at) {
        if (!v.check(p.streams() >= 1 && p.streams() <= HttpRunSpec.MAX_STREAMS, at + ".streams",
                "must be from 1 to " + HttpRunSpec.MAX_STREAMS) || p.streams() == 1) {
            return;
        }
        if (!v.check(p.wire().http2(), at + ".streams", "above 1 needs h2 or h2c (HTTP/1.1 has one request in flight "
                + "per connection)")) {
            return;
        }
        if (!v.check(!Boolean.FALSE.equals(p.keepAlive()), at + ".streams", "above 1 needs keepAlive (without it a "
                + "connection carries one request)")) {
            return;
        }
        for (int k = 0; k < variants.size(); k++) {
            if (!v.check(p.keepAlive() != null || variants.get(k).keepAlive(), at + ".streams", "above 1 needs keepAlive, "
                    + "and variants[" + k + "].keepAlive is false: set the entry's keepAlive to true")) {
                return;
            }
        }
    }
}
