package io.loadlab.testsupport;

import io.loadlab.testsupport.FakeAgent.Endpoint;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fake answers as scripted, byte for byte, and its close ends even a stalled exchange. */
class FakeAgentTest {

    @Test
    void answersAsARealIdleAgentByDefault() throws Exception {
        try (FakeAgent fake = FakeAgent.start("fake-a", "9.9")) {
            String info = exchange(fake, "GET /agent/info");
            assertTrue(info.startsWith("HTTP/1.1 200"), info);
            assertTrue(info.contains("\"name\":\"fake-a\",\"version\":\"9.9\",\"ready\":true"), info);
            assertEquals(1, fake.calls(Endpoint.INFO));
        }
    }

    @Test
    void aStallSendsThePrefixThenNothingAndCloseEndsIt() throws Exception {
        FakeAgent fake = FakeAgent.start("fake-b", "1").on(Endpoint.INFO, r -> FakeAnswer.stallAfter("{\"na", 1000));
        try (Socket s = new Socket("127.0.0.1", URI.create(fake.url()).getPort())) {
            s.getOutputStream().write("GET /agent/info HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            String head = readUntil(in, "{\"na");
            assertTrue(head.contains("Content-Length: 1000"), head);
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                fake.close();
                assertEquals(-1, in.read(), "the stalled connection ends with the fake");
            });
        }
    }

    private static String exchange(FakeAgent fake, String request) throws Exception {
        try (Socket s = new Socket("127.0.0.1", URI.create(fake.url()).getPort())) {
            s.getOutputStream().write((request + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String readUntil(InputStream in, String end) throws Exception {
        StringBuilder b = new StringBuilder();
        while (!b.toString().endsWith(end)) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            b.append((char) c);
        }
        return b.toString();
    }
}
