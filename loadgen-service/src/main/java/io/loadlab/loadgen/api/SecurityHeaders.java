package io.loadlab.loadgen.api;

import io.vertx.core.MultiMap;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Headers every loadgen response gets, set once here for the API, the report pages and the console's static files
 * alike, just before the headers are written (so a handler's own value cannot slip past): {@code nosniff} and
 * {@code X-Frame-Options: DENY} on all; on HTML a Content-Security-Policy that allows scripts, styles and requests
 * only from this origin (the pages keep their chart data in a {@code application/json} block, which is not run) and
 * no framing. Quarkus's own tools under {@code /q/} (Swagger UI starts with an inline script) get no CSP.
 * <p>
 * Static files are served {@code no-cache}, revalidated by Last-Modified: Quarkus marked {@code /ui/} and
 * {@code /pages/} {@code immutable} for a day on URLs that do not change with the build, so a browser kept a
 * console older than the API for up to 24 h. A console loads four small files; revalidating them costs a 304 each.
 */
@ApplicationScoped
public class SecurityHeaders {

    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 1).handler(this::onHeaders);
    }

    void onHeaders(RoutingContext rc) {
        String path = rc.normalizedPath();
        rc.addHeadersEndHandler(v -> stamp(rc.response().headers(), path));
        rc.next();
    }

    static void stamp(MultiMap headers, String path) {
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("X-Frame-Options", "DENY");
        String type = headers.get("Content-Type");
        if (type != null && type.toLowerCase(java.util.Locale.ROOT).startsWith("text/html") && !path.startsWith("/q/")) {
            headers.set("Content-Security-Policy", CSP);
        }
        String cache = headers.get("Cache-Control");
        if (cache != null && cache.contains("immutable")) {
            headers.set("Cache-Control", "no-cache");
        }
    }
}
