package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;

/**
 * Reads a spec's request body into a JSON tree, strictly: one document (trailing tokens refused), no
 * duplicate key (which value would win is a guess), and bounds far above any spec but far below what
 * costs memory or stack. Every failure is a {@link MalformedJsonException} with a message for the
 * client; a location is added when the parser has one (a constraint breach may not: issue 10 found a
 * 500 from a null location).
 */
@ApplicationScoped
public class SpecJson {

    /** The deepest spec is an experiment: root, targets array, target object (3); 32 leaves room for growth. */
    static final int MAX_DEPTH = 32;
    /** Digits in one number: a double needs 17, a long 19; 100 refuses a 5,000-digit number before BigInteger parsing. */
    static final int MAX_NUMBER_LENGTH = 100;

    private final ObjectMapper strict = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH).maxNumberLength(MAX_NUMBER_LENGTH).build())
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /** @throws MalformedJsonException unless {@code body} is one JSON document within the bounds */
    public JsonNode read(byte[] body) {
        try {
            JsonNode root = strict.readTree(body);
            if (root == null || root.isMissingNode()) {
                throw new MalformedJsonException("no JSON document");
            }
            return root;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new MalformedJsonException(e.getOriginalMessage()
                    + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr()));
        } catch (IOException e) {
            throw new MalformedJsonException("unreadable: " + e.getMessage());
        }
    }
}
