package io.loadlab.loadgen.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.run.Violation;
import io.quarkus.runtime.annotations.RegisterForReflection;

import java.util.List;

/**
 * Every 4xx/5xx body: {@code code} and {@code msg}, plus what the caller needs to fix the request:
 * the bad fields, the active run, or the refused address and the rule that refused it. Registered for reflection:
 * it reaches Jackson only through the exception mappers' {@code Response.entity}, so a native image that was not told
 * about it wrote every error body as {@code {}} (issue 17).
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiError(int code, String msg, List<Violation> violations, String activeRun, String target,
                       String address, String rule) {

    public static ApiError of(int code, String msg) {
        return new ApiError(code, msg, null, null, null, null, null);
    }

    public static ApiError invalid(List<Violation> violations) {
        return new ApiError(400, "invalid run spec", violations, null, null, null, null);
    }
}
