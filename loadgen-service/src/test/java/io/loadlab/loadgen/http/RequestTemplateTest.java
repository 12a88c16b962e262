package io.loadlab.loadgen.http;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RequestTemplateTest {

    @Test
    void getCarriesHostAndNothingElse() {
        assertEquals("GET /a/b?x=1%202 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
                RequestTemplate.encode(Specs.closed(URI.create("http://127.0.0.1:8080/a/b?x=1%202"), 1, 1, 1000)));
    }

    @Test
    void postGetsLengthTypeAndCloseWhileEngineHeadersFromTheUserAreDropped() {
        HttpRunSpec spec = new HttpRunSpec(URI.create("http://[::1]/test/testApi"), "post",
                Map.of("Connection", "keep-alive", "Host", "evil", "Content-Length", "9"), "{\"number\":2}", 1, 1,
                Duration.ofSeconds(1), null, 0, false, Duration.ofSeconds(1));
        assertEquals("POST /test/testApi HTTP/1.1\r\nHost: [::1]\r\nContent-Type: application/json\r\n"
                + "Content-Length: 12\r\nConnection: close\r\n\r\n{\"number\":2}", RequestTemplate.encode(spec));
    }

    @Test
    void bodyLengthCountsUtf8Bytes() {
        HttpRunSpec spec = new HttpRunSpec(URI.create("http://localhost/"), "PUT", Map.of("Content-Type", "text/plain"),
                "高", 1, 1, Duration.ofSeconds(1), null, 0, true, Duration.ofSeconds(1));
        assertEquals("PUT / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\n高",
                RequestTemplate.encode(spec));
    }
}
