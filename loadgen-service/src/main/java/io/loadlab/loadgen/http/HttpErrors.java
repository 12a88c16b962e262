package io.loadlab.loadgen.http;

/** Errors of an HTTP run by kind, as wrk's "Socket errors" and "Non-2xx" lines split them. */
public record HttpErrors(long connect, long timeout, long readWrite, long status4xx, long status5xx) {

    public long total() {
        return connect + timeout + readWrite + status4xx + status5xx;
    }
}
