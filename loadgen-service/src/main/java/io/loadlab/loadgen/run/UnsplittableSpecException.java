package io.loadlab.loadgen.run;

/** A spec that cannot be divided over the agents asked for; {@link #field()} names the spec field that cannot. */
public final class UnsplittableSpecException extends IllegalArgumentException {

    private final String field;

    public UnsplittableSpecException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
