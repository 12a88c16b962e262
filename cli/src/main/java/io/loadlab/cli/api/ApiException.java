package io.loadlab.cli.api;

/**
 * A call to the loadgen that did not give what was asked: an error status (the API's JSON body kept as it came, so
 * the user reads which field was refused), no answer at all, an answer past its deadline or past its size cap.
 */
public final class ApiException extends Exception {

    private final int status;
    private final String body;

    public ApiException(String message, int status, String body) {
        super(message);
        this.status = status;
        this.body = body;
    }

    public ApiException(String message, Throwable cause) {
        super(message, cause);
        this.status = 0;
        this.body = null;
    }

    /** The HTTP status, 0 when no answer came. */
    public int status() {
        return status;
    }

    /** The answer's body (the API's JSON error), null when no answer came. */
    public String body() {
        return body;
    }
}
