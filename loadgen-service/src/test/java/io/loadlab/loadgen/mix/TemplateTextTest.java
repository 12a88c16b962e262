package io.loadlab.loadgen.mix;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TemplateTextTest {

    @Test
    void placeholdersSplitTheText() {
        TemplateText t = TemplateText.parse("/items/${id}?v=${v}&again=${id}");
        assertEquals(List.of("/items/", "id", "?v=", "v", "&again=", "id"),
                t.parts().stream().map(p -> p.literal() ? p.text() : p.placeholder()).toList());
        assertEquals(Set.of("id", "v"), t.placeholders());
        assertFalse(t.isStatic());
    }

    @Test
    void aDoubledDollarIsALiteralAndAnUnclosedOrBadNameStaysText() {
        TemplateText t = TemplateText.parse("cost $${id} ${not closed ${1bad} $x");
        assertTrue(t.isStatic());
        assertEquals("cost ${id} ${not closed ${1bad} $x", t.literalText());
    }

    @Test
    void aPlaceholderInsideAJsonStringIsMarkedSoItsValueIsEscaped() {
        TemplateText t = TemplateText.parse("{\"id\": ${id}, \"name\": \"${name}\", \"q\": \"a\\\"${x}\", \"n\": ${n}}");
        List<TemplateText.Part> ph = t.parts().stream().filter(p -> !p.literal()).toList();
        assertEquals(List.of("id", "name", "x", "n"), ph.stream().map(TemplateText.Part::placeholder).toList());
        assertEquals(List.of(false, true, true, false), ph.stream().map(TemplateText.Part::inJsonString).toList(),
                "an escaped quote inside a string does not close it");
    }
}
