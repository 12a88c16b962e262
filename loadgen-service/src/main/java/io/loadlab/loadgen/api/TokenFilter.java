package io.loadlab.loadgen.api;

import jakarta.inject.Inject;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.Optional;

/** POST and DELETE fire or stop the gun: they need {@code Authorization: Bearer <loadgen.api.token>}. Reads are open. */
public class TokenFilter {

    @Inject
    ApiTokenPolicy policy;

    @ServerRequestFilter(preMatching = true)
    public Optional<Response> requireToken(ContainerRequestContext request) {
        String method = request.getMethod();
        if (!HttpMethod.POST.equals(method) && !HttpMethod.DELETE.equals(method)) {
            return Optional.empty();
        }
        if (policy.authorized(request.getHeaderString(HttpHeaders.AUTHORIZATION))) {
            return Optional.empty();
        }
        return Optional.of(Response.fromResponse(ApiErrors.json(ApiError.of(401,
                        "missing or wrong bearer token (Authorization: Bearer <loadgen.api.token>)")))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer").build());
    }
}
