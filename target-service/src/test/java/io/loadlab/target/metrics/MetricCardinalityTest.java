package io.loadlab.target.metrics;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Request-borne tags are bounded: 1,000 requests with random method tokens (one of 3,000 characters) and
 * random paths leave /q/metrics about as long as it was. Before the fix each new method added an 81-bucket
 * histogram series (3,300 methods took the scrape from 39 KB to 48 MB).
 */
@QuarkusTest
class MetricCardinalityTest {

    private static final String TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final String[] KNOWN = {"GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"};

    @Test
    void randomMethodsAndPathsAddAtMostAFewLines() throws IOException {
        Random random = new Random(42);
        String longToken = token(random, 3_000);
        // Warm the meters the sequence below touches legitimately (JVM, GC), so the comparison is of request tags.
        send("GET", "/test/testApi?number=1");
        send("POST", "/no/such/path");
        long before = Scrape.now().text().lines().count();
        for (int i = 0; i < 1_000; i++) {
            String method = i == 0 ? longToken : random.nextInt(4) == 0 ? KNOWN[random.nextInt(KNOWN.length)] : token(random, 1 + random.nextInt(20));
            String path = random.nextBoolean() ? "/test/testApi" : "/" + token(random, 1 + random.nextInt(30)).replace('%', 'p');
            send(method, path);
        }
        String after = Scrape.now().text();
        long grown = after.lines().count() - before;
        assertTrue(grown <= 10, "/q/metrics grew by " + grown + " lines");
        assertTrue(!after.contains(longToken.substring(0, 100)), "the 3,000-character method became a label");
        assertTrue(after.lines().allMatch(l -> l.length() < 1_000), "a label value of unbounded length");
    }

    private static String token(Random random, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append(TOKEN_CHARS.charAt(random.nextInt(TOKEN_CHARS.length())));
        }
        return b.toString();
    }

    /** One request on its own connection, answer read to the end (the server closes: Connection: close). */
    private static void send(String method, String path) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), RestAssured.port)) {
            s.setSoTimeout(10_000);
            String body = "{\"number\": 1}";
            String request = method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            while (in.read(buf) >= 0) {
                // drain to the server's close
            }
        }
    }
}
