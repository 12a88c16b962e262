package io.loadlab.target.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;

/**
 * Reads {@code number} from a request, from a JSON body or a query parameter, enforcing 0..max; every
 * refusal is a {@link BadInput} with its status.
 * Streams the JSON rather than binding it: one token pass, no tree, no reflection on the hot path.
 */
public final class NumberParser {

    private static final String JSON = "application/json";

    private final JsonFactory json;
    private final int maxItems;

    public NumberParser(JsonFactory json, int maxItems) {
        this.json = json;
        this.maxItems = maxItems;
    }

    /**
     * The {@code number} of a POST: its Content-Type must be exactly {@code application/json} (415 otherwise),
     * then as {@link #fromJson}. Every refusal is a {@link BadInput}.
     */
    public int fromBody(CharSequence contentType, byte[] body) {
        if (!MediaType.is(contentType, JSON)) {
            throw new BadInput(415, "Content-Type must be application/json");
        }
        return fromJson(body);
    }

    /** The {@code number} field of a JSON object body. Unknown fields are ignored, as a lenient API does. */
    public int fromJson(byte[] body) {
        try (JsonParser p = json.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new BadInput(400, "body must be a JSON object like {\"number\": 2}");
            }
            Integer number = null;
            for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if ("number".equals(field)) {
                    number = checked(value, p);
                } else {
                    p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw new BadInput(400, "malformed JSON: content after the object");
            }
            if (number == null) {
                throw new BadInput(400, "number is required");
            }
            return number;
        } catch (JsonParseException e) {
            throw new BadInput(400, "malformed JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadInput(400, "malformed JSON: " + e.getMessage());
        }
    }

    /** The {@code number} query parameter, for tools that cannot send a body. */
    public int fromQuery(String value) {
        if (value == null) {
            throw new BadInput(400, "number is required");
        }
        if (!value.matches("-?\\d{1,10}")) {
            throw new BadInput(400, "number must be an integer");
        }
        return inRange(Long.parseLong(value));
    }

    private int checked(JsonToken value, JsonParser p) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) {
            throw new BadInput(400, "number must be an integer");
        }
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            throw new BadInput(400, "number must not exceed " + maxItems);
        }
        return inRange(p.getLongValue());
    }

    private int inRange(long n) {
        if (n < 0) {
            throw new BadInput(400, "number must not be negative");
        }
        if (n > maxItems) {
            throw new BadInput(400, "number must not exceed " + maxItems);
        }
        return (int) n;
    }
}
