package io.loadlab.loadgen.run;

/** One bad field of a request: the JSON field's name and what is wrong with it. */
public record Violation(String field, String message) {
}
