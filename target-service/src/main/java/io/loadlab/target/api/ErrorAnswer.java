package io.loadlab.target.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** The JSON of a refused request: {@code {"code":400,"msg":"number must not be negative"}}. */
@RegisterForReflection
@JsonPropertyOrder({"code", "msg"})
public record ErrorAnswer(int code, String msg) {
}
