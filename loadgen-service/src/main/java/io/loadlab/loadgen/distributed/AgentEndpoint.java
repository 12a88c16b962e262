package io.loadlab.loadgen.distributed;

import java.net.URI;
import java.util.Objects;

/**
 * Where one agent's API answers: a base URL ({@code http://10.0.3.7:8090}) with no query, fragment or
 * trailing slash, so that {@link #resolve} only appends.
 */
public record AgentEndpoint(URI baseUri) {

    public AgentEndpoint {
        Objects.requireNonNull(baseUri, "baseUri");
        String scheme = baseUri.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException("an agent's base URL must be http or https, was " + baseUri);
        }
        if (baseUri.getHost() == null || baseUri.getRawQuery() != null || baseUri.getRawFragment() != null
                || baseUri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("an agent's base URL is scheme://host[:port][/path], was " + baseUri);
        }
        String path = baseUri.getRawPath();
        if (path != null && path.endsWith("/")) {
            baseUri = URI.create(baseUri.toString().substring(0, baseUri.toString().length() - 1));
        }
    }

    /** {@code path} (starting with a slash) under the base URL. */
    public URI resolve(String path) {
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with /: " + path);
        }
        return URI.create(baseUri + path);
    }

    /** host:port as the report's {@code address} shows it. */
    public String address() {
        int port = baseUri.getPort() >= 0 ? baseUri.getPort() : "https".equals(baseUri.getScheme()) ? 443 : 80;
        return baseUri.getHost() + ":" + port;
    }
}
