package io.loadlab.loadgen.page;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriBuilder;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Content negotiation for people: {@code GET /runs/{id}} or {@code /experiments/{id}} from a browser (text/html
 * preferred to every other type it names, before any wildcard) is served the page at {@code .../report.html}.
 * Clients that ask for JSON, text, CSV or anything ({@code *}{@code /*}) get what they got before.
 */
public class HtmlAcceptFilter {

    private static final Pattern RECORD = Pattern.compile("/(runs|experiments)/[^/]+/?");

    @ServerRequestFilter(preMatching = true)
    public void toPage(ContainerRequestContext request) {
        if (!HttpMethod.GET.equals(request.getMethod())) {
            return;
        }
        String path = request.getUriInfo().getPath();
        if (RECORD.matcher(path).matches() && prefersHtml(request.getAcceptableMediaTypes())) {
            String page = (path.endsWith("/") ? path : path + "/") + "report.html";
            request.setRequestUri(UriBuilder.fromUri(request.getUriInfo().getRequestUri()).replacePath(page).build());
        }
    }

    /** True when text/html comes first among the types, in the client's order of preference. */
    static boolean prefersHtml(List<MediaType> acceptable) {
        for (MediaType t : acceptable) {
            if (t.isWildcardType()) {
                return false;
            }
            if (t.isCompatible(MediaType.TEXT_HTML_TYPE) && !t.isWildcardSubtype()) {
                return true;
            }
            if (!t.isWildcardSubtype() || !"text".equals(t.getType())) {
                return false;
            }
        }
        return false;
    }
}
