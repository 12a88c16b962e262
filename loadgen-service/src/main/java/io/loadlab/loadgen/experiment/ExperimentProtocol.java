package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.http.HttpProtocol;
import io.loadlab.loadgen.http.TlsSpec;

import java.util.List;

/**
 * One entry of an experiment's {@code protocols} axis: how every cell of it speaks to its target. Each variant's
 * cells run once per entry, so a table shows the same load over HTTP/1.1, TLS and HTTP/2 side by side.
 *
 * @param name      the entry's label in tables and metrics; null: made from the rest ({@link #label()})
 * @param protocol  {@code http/1.1}, {@code h2c} (HTTP/2 in clear text), {@code h2} (HTTP/2 over TLS, by ALPN) or
 *                  {@code https/1.1} (HTTP/1.1 over TLS); the last two go to the target's {@code tlsUrl}
 * @param streams   HTTP/2 concurrent streams per connection (the variant's connections stay); 1 otherwise
 * @param keepAlive overrides every variant's keep-alive; null: the variant's own. {@code false} over TLS is a full
 *                  (or resumed) handshake per request: what a node pays for TLS
 * @param tls       for {@code h2} and {@code https/1.1} only, as an http run's {@code tls}; null: {@link TlsSpec#DEFAULT}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExperimentProtocol(String name, String protocol, int streams, Boolean keepAlive, TlsSpec tls) {

    public static final String HTTP = "http/1.1";
    public static final String HTTPS = "https/1.1";
    public static final String H2 = "h2";
    public static final String H2C = "h2c";
    /** Every name an entry may give, in the order messages list them. */
    public static final List<String> NAMES = List.of(HTTP, HTTPS, H2C, H2);
    /** The most entries an experiment may have: each multiplies its cells. */
    public static final int MAX = 8;
    /** Today's cells: plain HTTP/1.1, each variant's own keep-alive. */
    public static final ExperimentProtocol DEFAULT = new ExperimentProtocol(null, HTTP, 1, null, null);

    public ExperimentProtocol {
        streams = streams == 0 ? 1 : streams;
    }

    /** An entry given as a bare name: {@code "h2"}. */
    public static ExperimentProtocol of(String protocol) {
        return new ExperimentProtocol(null, protocol, 1, null, null);
    }

    /** This entry as anyone sees it: its TLS key ({@code tls.key}) never shown, token or not. */
    public ExperimentProtocol redacted() {
        return tls == null ? this : new ExperimentProtocol(name, protocol, streams, keepAlive, tls.redacted());
    }

    /** True for the entries that speak TLS, to the target's {@code tlsUrl}. */
    @JsonIgnore
    public boolean secure() {
        return HTTPS.equals(protocol) || H2.equals(protocol);
    }

    /** The wire protocol of its cells' runs; null for a name that is none of {@link #NAMES}. */
    @JsonIgnore
    public HttpProtocol wire() {
        return protocol == null || !NAMES.contains(protocol) ? null
                : HTTPS.equals(protocol) ? HttpProtocol.HTTP_1_1 : HttpProtocol.of(protocol);
    }

    /** The keep-alive a cell of {@code v} runs with. */
    boolean keepAlive(Variant v) {
        return keepAlive == null ? v.keepAlive() : keepAlive;
    }

    /**
     * Short and stable, used in tables and as a metric label: the name, else the protocol with what differs from its
     * defaults, {@code h2 s=100}, {@code https/1.1 close}, {@code h2 noresume}.
     */
    public String label() {
        if (name != null) {
            return name;
        }
        StringBuilder s = new StringBuilder(String.valueOf(protocol));
        if (streams > 1) {
            s.append(" s=").append(streams);
        }
        if (keepAlive != null) {
            s.append(keepAlive ? " keep" : " close");
        }
        if (tls != null && !tls.resumption()) {
            s.append(" noresume");
        }
        if (tls != null && tls.versions().size() == 1) {
            s.append(' ').append(tls.versions().get(0));
        }
        return s.toString();
    }
}
