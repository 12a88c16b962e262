package io.loadlab.loadgen.http;

/**
 * Errors of an HTTP run by kind, as wrk's "Socket errors" and "Non-2xx or 3xx" lines split them. A 3xx is
 * an error: the loadgen follows no redirect, so a run counting redirects as successes would measure an
 * answer that is not the resource it names.
 *
 * @param tls    TLS handshakes that failed (a certificate refused, no agreed version, cipher or ALPN protocol, a
 *               server that stalled or spoke something else); the report's {@code tls.failureReasons} say why
 * @param reset  HTTP/2 streams the server reset (RST_STREAM), by code in the report's {@code h2.resets}
 * @param goaway HTTP/2 streams a GOAWAY ended unanswered (above its last stream id, or cut off with the connection)
 */
public record HttpErrors(long connect, long timeout, long readWrite, long status3xx, long status4xx, long status5xx,
                         long tls, long reset, long goaway) {

    /** Without TLS or HTTP/2: the shape before they were counted. */
    public HttpErrors(long connect, long timeout, long readWrite, long status3xx, long status4xx, long status5xx) {
        this(connect, timeout, readWrite, status3xx, status4xx, status5xx, 0, 0, 0);
    }

    /** Without redirects: the shape before 3xx answers were counted. */
    public HttpErrors(long connect, long timeout, long readWrite, long status4xx, long status5xx) {
        this(connect, timeout, readWrite, 0, status4xx, status5xx);
    }

    /** Requests (or connections, for {@code connect} and {@code tls}) that got no answer at all. */
    public long unanswered() {
        return connect + timeout + readWrite + tls + reset + goaway;
    }

    public long total() {
        return connect + timeout + readWrite + status3xx + status4xx + status5xx + tls + reset + goaway;
    }
}
