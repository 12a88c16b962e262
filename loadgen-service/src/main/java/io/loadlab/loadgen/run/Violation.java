package io.loadlab.loadgen.run;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** One bad field of a request: the JSON field's name and what is wrong with it. Inside error bodies: see ApiError. */
@RegisterForReflection
public record Violation(String field, String message) {
}
