package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.loadgen.api.spec.MalformedJsonException;
import io.loadlab.loadgen.api.spec.SpecJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;

/**
 * The one intake of a request body for every resource that takes one: a JSON content type (415), a body (400), one
 * strict JSON document (400 with the line and column where it broke). Runs and experiments drifted apart when each
 * had its own copy; a job resource to come takes its body here.
 */
@ApplicationScoped
public class JsonBody {

    private final SpecJson json;
    private final ApiConfig config;

    @Inject
    public JsonBody(SpecJson json, ApiConfig config) {
        this.json = json;
        this.config = config;
    }

    /**
     * @param what what the body should be, for the empty-body answer ("a JSON run spec")
     * @throws ApiException 415 or 400 as above
     */
    public JsonNode read(String contentType, byte[] body, String what) {
        if (!isJson(contentType)) {
            throw new ApiException(415, "Content-Type must be application/json, was " + contentType);
        }
        if (body != null && body.length > config.maxBodyBytes()) {
            // a chunked body announced no length to BodyLimitFilter; Vert.x held it to the larger upload limit
            throw new ApiException(413, "request body of " + body.length + " bytes is over the limit of "
                    + config.maxBodyBytes() + " bytes (loadgen.api.max-body-bytes)");
        }
        if (body == null || body.length == 0) {
            throw new ApiException(400, "request body is required: " + what);
        }
        try {
            return json.read(body);
        } catch (MalformedJsonException e) {
            throw new ApiException(400, "malformed JSON: " + e.getMessage());
        }
    }

    /** application/json or any application/*+json; an unparseable type is not JSON. */
    public static boolean isJson(String contentType) {
        MediaType t;
        try {
            t = contentType == null ? null : MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return t != null && "application".equals(t.getType())
                && ("json".equals(t.getSubtype()) || t.getSubtype().endsWith("+json"));
    }
}
