package io.loadlab.loadgen.api;

import jakarta.ws.rs.core.Response;

/** Ends a request with a status and a JSON {@link ApiError}. */
public class ApiException extends RuntimeException {

    private final ApiError error;

    public ApiException(ApiError error) {
        super(error.msg(), null, false, false);
        this.error = error;
    }

    public ApiException(int status, String msg) {
        this(ApiError.of(status, msg));
    }

    public Response response() {
        return ApiErrors.json(error);
    }
}
