package io.loadlab.loadgen.http;

/**
 * Errors of an HTTP run by kind, as wrk's "Socket errors" and "Non-2xx or 3xx" lines split them. A 3xx is
 * an error: the loadgen follows no redirect, so a run counting redirects as successes would measure an
 * answer that is not the resource it names.
 */
public record HttpErrors(long connect, long timeout, long readWrite, long status3xx, long status4xx, long status5xx) {

    /** Without redirects: the shape before 3xx answers were counted. */
    public HttpErrors(long connect, long timeout, long readWrite, long status4xx, long status5xx) {
        this(connect, timeout, readWrite, 0, status4xx, status5xx);
    }

    public long total() {
        return connect + timeout + readWrite + status3xx + status4xx + status5xx;
    }
}
