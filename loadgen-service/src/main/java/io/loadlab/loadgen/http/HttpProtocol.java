package io.loadlab.loadgen.http;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.List;

/**
 * The wire protocol of an HTTP run, as h2load and curl name them: HTTP/1.1 (plain or over TLS, one request in flight
 * per connection, as wrk), {@code h2} (HTTP/2 over TLS, agreed by ALPN: a server that does not agree is an error,
 * never a silent fall back to HTTP/1.1) and {@code h2c} (HTTP/2 in clear text by prior knowledge, as
 * {@code h2load} and {@code curl --http2-prior-knowledge}).
 */
public enum HttpProtocol {
    HTTP_1_1("http/1.1"),
    H2("h2"),
    H2C("h2c");

    private final String id;

    HttpProtocol(String id) {
        this.id = id;
    }

    /** The name in specs, reports and ALPN: {@code http/1.1}, {@code h2}, {@code h2c}. */
    @JsonValue
    public String id() {
        return id;
    }

    /** True for HTTP/2, over TLS or in clear text: streams multiplexed on one connection. */
    public boolean http2() {
        return this != HTTP_1_1;
    }

    /** The protocol named {@code id}, null for none. */
    @JsonCreator
    public static HttpProtocol of(String id) {
        for (HttpProtocol p : values()) {
            if (p.id.equalsIgnoreCase(id)) {
                return p;
            }
        }
        return null;
    }

    /** Every name, for messages. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(HttpProtocol::id).toList();
    }
}
