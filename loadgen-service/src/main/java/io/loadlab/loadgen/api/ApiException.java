package io.loadlab.loadgen.api;

import jakarta.ws.rs.core.Response;

/** Ends a request with a status and a JSON {@link ApiError}. */
public class ApiException extends RuntimeException {

    private final ApiError error;
    /** Seconds a client should wait before asking again ({@code Retry-After}), or 0 for no such header. */
    private final int retryAfterSeconds;

    public ApiException(ApiError error) {
        this(error, 0);
    }

    public ApiException(ApiError error, int retryAfterSeconds) {
        super(error.msg(), null, false, false);
        this.error = error;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public ApiException(int status, String msg) {
        this(ApiError.of(status, msg));
    }

    public Response response() {
        Response r = ApiErrors.json(error);
        return retryAfterSeconds > 0 ? Response.fromResponse(r).header("Retry-After", retryAfterSeconds).build() : r;
    }
}
