package io.loadlab.loadgen.api;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.Optional;

/**
 * Every {@code /agent/*} call needs the token, reads included: an agent's clock and intervals are a controller's
 * business only ({@link TokenFilter} guards the writes of the whole API).
 */
public class AgentTokenFilter {

    @Inject
    ApiTokenPolicy policy;

    @ServerRequestFilter(preMatching = true)
    public Optional<Response> requireToken(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!(path.equals("/agent") || path.startsWith("/agent/")) || policy.authorized(request.getHeaderString(HttpHeaders.AUTHORIZATION))) {
            return Optional.empty();
        }
        return Optional.of(Response.fromResponse(ApiErrors.json(ApiError.of(401,
                        "missing or wrong bearer token (Authorization: Bearer <loadgen.api.token>)")))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer").build());
    }
}
