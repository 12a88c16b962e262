package io.loadlab.loadgen.run;

import java.util.List;
import java.util.stream.Collectors;

/** A spec that cannot run; the API answers 400 listing {@link #violations()}. */
public class InvalidSpecException extends RuntimeException {

    private final List<Violation> violations;

    public InvalidSpecException(List<Violation> violations) {
        super(violations.stream().map(v -> v.field() + ": " + v.message()).collect(Collectors.joining("; ")));
        this.violations = List.copyOf(violations);
    }

    public List<Violation> violations() {
        return violations;
    }
}
