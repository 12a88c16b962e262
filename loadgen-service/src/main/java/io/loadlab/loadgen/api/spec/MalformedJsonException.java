package io.loadlab.loadgen.api.spec;

/** A request body that is not one well-formed JSON document within {@link SpecJson}'s bounds; the API answers 400. */
public final class MalformedJsonException extends RuntimeException {

    public MalformedJsonException(String message) {
        super(message, null, false, false);
    }
}
