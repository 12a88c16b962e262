package io.loadlab.target.answer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** One element of the answer's body; the same item the reference experiment served. */
@RegisterForReflection
@JsonPropertyOrder({"name", "author", "version", "desp"})
public record Item(String name, String author, String version, String desp) {

    public static final Item NGINX = new Item("nginx", "Igor Sysoev", "1.18", "高性能代理工具");
}
