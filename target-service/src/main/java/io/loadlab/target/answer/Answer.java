package io.loadlab.target.answer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.quarkus.runtime.annotations.RegisterForReflection;

import java.util.Collections;
import java.util.List;

/** The JSON envelope of {@code /test/testApi}: {@code {"code":200,"msg":"ok","body":[...]}}. */
@RegisterForReflection
@JsonPropertyOrder({"code", "msg", "body"})
public record Answer(int code, String msg, List<Item> body) {

    /** The answer for {@code n} items; the list is a view, so a large n costs one element, not n. */
    public static Answer ofItems(int n) {
        return new Answer(200, "ok", Collections.nCopies(n, Item.NGINX));
    }
}
