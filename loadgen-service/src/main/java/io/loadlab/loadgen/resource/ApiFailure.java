package io.loadlab.loadgen.resource;

/**
 * Why a call to the Prometheus HTTP API gave no answer to use. The kind decides which field a check names: the
 * server ({@code url}) for {@link Kind#UNREACHABLE}, {@link Kind#DEADLINE} and {@link Kind#NOT_PROMETHEUS}, the
 * query for {@link Kind#QUERY}, the match for {@link Kind#TOO_LARGE}.
 */
record ApiFailure(Kind kind, String message) {

    enum Kind {
        /** Refused, reset, no route, an unknown host. */
        UNREACHABLE,
        /** No whole answer within the timeout. */
        DEADLINE,
        /** An answer that is not the API's JSON (a wrong port or path). */
        NOT_PROMETHEUS,
        /** Prometheus's own error: {@code bad_data}, {@code execution}, {@code timeout}... */
        QUERY,
        /** The answer went past the cap: thousands of series. */
        TOO_LARGE
    }

    /** Whether the server itself failed, so the next query would fail the same way and need not be tried. */
    boolean serverDown() {
        return kind == Kind.UNREACHABLE || kind == Kind.DEADLINE || kind == Kind.NOT_PROMETHEUS;
    }
}
