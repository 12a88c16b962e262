package io.loadlab.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Request-borne tags are bounded, as both services' MetricCardinalityTest prove it: two rounds of 1,000 requests
 * on their own connections with random method tokens (the first one 3,000 characters long) and random paths, half
 * of them to the service's API path; /q/metrics may grow in the first round by what its bounded tag values allow,
 * in the second, with fresh tokens and paths, by a few lines only, and never holds the long token or a line of
 * 1,000 characters. Seeded: a failure is the same failure on every run.
 */
public final class CardinalityProbe {

    private static final String TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final String[] KNOWN = {"GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"};

    private final int port;
    private final String api;
    private final String body;
    private final Supplier<String> metrics;
    private final Random random = new Random(42);

    /** Requests go to loopback {@code port}; {@code api} is the path half of them take, each with {@code body}. */
    public CardinalityProbe(int port, String api, String body, Supplier<String> metrics) {
        this.port = port;
        this.api = api;
        this.body = body;
        this.metrics = metrics;
    }

    /** Runs both rounds; fails naming the first new series when a round grows /q/metrics by more than allowed. */
    public void assertBounded(int firstRoundMost, int secondRoundMost) {
        String longToken = token(3_000);
        String start = metrics.get();
        String firstRound = round(longToken);
        String secondRound = round(token(3_000));
        assertGrowth(start, firstRound, firstRoundMost);
        assertGrowth(firstRound, secondRound, secondRoundMost);
        assertTrue(!secondRound.contains(longToken.substring(0, 100)), "the 3,000-character method became a label");
        assertTrue(secondRound.lines().allMatch(l -> l.length() < 1_000), "a label value of unbounded length");
    }

    private String round(String longToken) {
        for (int i = 0; i < 1_000; i++) {
            String method = i == 0 ? longToken : random.nextInt(4) == 0 ? KNOWN[random.nextInt(KNOWN.length)] : token(1 + random.nextInt(20));
            String path = random.nextBoolean() ? api : "/" + token(1 + random.nextInt(30)).replace('%', 'p');
            send(method, path);
        }
        return metrics.get();
    }

    private static void assertGrowth(String before, String after, int most) {
        long grown = after.lines().count() - before.lines().count();
        Set<String> old = new HashSet<>(before.lines().map(CardinalityProbe::series).toList());
        assertTrue(grown <= most, "/q/metrics grew by " + grown + " lines, e.g. "
                + after.lines().map(CardinalityProbe::series).filter(l -> !old.contains(l)).limit(5).toList());
    }

    /** A sample's name and labels, without its value. */
    private static String series(String line) {
        int end = line.lastIndexOf(' ');
        return end < 0 ? line : line.substring(0, Math.min(end, 300));
    }

    private String token(int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append(TOKEN_CHARS.charAt(random.nextInt(TOKEN_CHARS.length())));
        }
        return b.toString();
    }

    /** One request on its own connection, answer read to the end (the server closes: Connection: close). */
    private void send(String method, String path) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(10_000);
            String request = method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            while (in.read(buf) >= 0) {
                // drain to the server's close
            }
        } catch (IOException e) {
            throw new UncheckedIOException(method.length() > 40 ? "long method" : method + " " + path, e);
        }
    }
}
