package io.loadlab.loadgen.metrics;

import io.micrometer.core.instrument.Tags;
import io.quarkus.micrometer.runtime.HttpServerMetricsTagsContributor;
import jakarta.inject.Singleton;

import java.util.Set;

/**
 * Bounds the request-borne tags of Quarkus' HTTP server meters. {@code method}: the methods of RFC 9110 and
 * PATCH, any other token {@code OTHER}; the binder tagged each series with the method as sent, so every
 * invented token made a new series (300 of them grew /q/metrics from 326 to 1,226 lines) and a 3,000-character
 * token became a label. {@code uri}: a client error on a path no route template matched is {@code UNKNOWN}
 * (the binder kept such raw paths, e.g. 400s for unparseable ones, up to its 100-tag cap: 330 lines here);
 * templates, {@code NOT_FOUND} and Quarkus' own fixed routes stay as they are. The contributed tags replace
 * the binder's before the meter is looked up, so no per-token id is kept anywhere.
 */
@Singleton
public class BoundedRequestTags implements HttpServerMetricsTagsContributor {

    private static final Set<String> KNOWN = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");
    /** Where Quarkus keeps the matched route template of a request (its binder reads the same key). */
    private static final String TEMPLATE = "UrlPathTemplate";

    @Override
    public Tags contribute(Context context) {
        String method = context.request().method().name();
        Tags tags = Tags.of("method", KNOWN.contains(method) ? method : "OTHER");
        int status = context.response() == null ? 0 : context.response().statusCode();
        if (status == 404) {
            return tags.and("uri", "NOT_FOUND");
        }
        if (status >= 400 && status < 500 && context.requestContextLocalData(TEMPLATE) == null) {
            return tags.and("uri", "UNKNOWN");
        }
        return tags;
    }
}
