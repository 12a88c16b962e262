package io.loadlab.loadgen.page;

import jakarta.ws.rs.core.MediaType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtmlAcceptFilterTest {

    private static List<MediaType> types(String... t) {
        return java.util.Arrays.stream(t).map(MediaType::valueOf).toList();
    }

    @Test
    void aBrowserGetsThePageEveryOtherClientWhatItGotBefore() {
        assertTrue(HtmlAcceptFilter.prefersHtml(types("text/html", "application/xhtml+xml", "*/*")));
        assertFalse(HtmlAcceptFilter.prefersHtml(types("*/*")), "curl's default stays JSON");
        assertFalse(HtmlAcceptFilter.prefersHtml(types("application/json", "text/html")));
        assertFalse(HtmlAcceptFilter.prefersHtml(types("text/plain")));
        assertFalse(HtmlAcceptFilter.prefersHtml(types("text/csv", "text/html")));
        assertFalse(HtmlAcceptFilter.prefersHtml(List.of()));
    }
}
