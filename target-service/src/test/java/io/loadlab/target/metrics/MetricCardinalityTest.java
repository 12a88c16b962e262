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
    private static final String API = "/test/testApi";
    private static final String[] KNOWN = {"GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"};

    /**
     * Two rounds of 1,000: the first may meet each of the API route's own meters once (GET or POST × the
     * five statuses it answers × 88 lines of an 81-bucket histogram: at most 900 lines); the second, with fresh random tokens and paths,
     * adds at most a few lines, because nothing in a series name comes from the request as sent.
     */
    @Test
    void randomMethodsAndPathsAddAtMostAFewLines() throws IOException {
        Random random = new Random(42);
        String longToken = token(random, 3_000);
        String start = metrics();
        String firstRound = round(random, longToken);
        String secondRound = round(random, token(random, 3_000));
        assertGrowth(start, firstRound, 900);
        assertGrowth(firstRound, secondRound, 5);
        assertTrue(!secondRound.contains(longToken.substring(0, 100)), "the 3,000-character method became a label");
        assertTrue(secondRound.lines().allMatch(l -> l.length() < 1_000), "a label value of unbounded length");
    }

    private static String round(Random random, String longToken) throws IOException {
        for (int i = 0; i < 1_000; i++) {
            String method = i == 0 ? longToken : random.nextInt(4) == 0 ? KNOWN[random.nextInt(KNOWN.length)] : token(random, 1 + random.nextInt(20));
            String path = random.nextBoolean() ? API : "/" + token(random, 1 + random.nextInt(30)).replace('%', 'p');
            send(method, path);
        }
        return metrics();
    }

    private static void assertGrowth(String before, String after, int most) {
        long grown = after.lines().count() - before.lines().count();
        java.util.Set<String> old = new java.util.HashSet<>(before.lines().map(MetricCardinalityTest::series).toList());
        assertTrue(grown <= most, "/q/metrics grew by " + grown + " lines, e.g. "
                + after.lines().map(MetricCardinalityTest::series).filter(l -> !old.contains(l)).limit(5).toList());
    }

    private static String metrics() {
        return Scrape.now().text();
    }

    /** A sample's name and labels, without its value. */
    private static String series(String line) {
        int end = line.lastIndexOf(' ');
        return end < 0 ? line : line.substring(0, Math.min(end, 300));
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
