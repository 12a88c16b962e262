package io.loadlab.cli;

import com.sun.net.httpserver.HttpServer;
import io.loadlab.cli.report.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command in this JVM, for what needs no loadgen: every way to get exit 2 before a job exists. */
class CliTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> env, String... args) throws InterruptedException {
        return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                env, false, dir, Clock.systemUTC()).run(List.of(args));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aBadCommandLineIsTwoWithTheUsage() throws Exception {
        assertEquals(Outcome.USAGE_OR_API, run(Map.of(), "run", "spec.json", "--junit"));
        assertTrue(err().contains("loadlab: --junit needs a value") && err().contains("usage: loadlab run|experiment"), err());
    }

    @Test
    void aMissingOrOversizedSpecIsTwo() throws Exception {
        assertEquals(Outcome.USAGE_OR_API, run(Map.of(), "run", dir.resolve("none.json").toString()));
        assertTrue(err().contains("cannot read spec"), err());
        Path big = Files.write(dir.resolve("big.json"), new byte[Inputs.MAX_SPEC_BYTES + 1]);
        assertEquals(Outcome.USAGE_OR_API, run(Map.of(), "run", big.toString()));
        assertTrue(err().contains("is over " + Inputs.MAX_SPEC_BYTES + " bytes"), err());
    }

    @Test
    void aTokenFileMustHoldOneToken() throws Exception {
        Path spec = Files.writeString(dir.resolve("s.json"), "{}");
        Path token = Files.writeString(dir.resolve("t"), "two words\n");
        assertEquals(Outcome.USAGE_OR_API, run(Map.of(), "run", spec.toString(), "--token-file", token.toString()));
        assertTrue(err().contains("must hold one token"), err());
        // issue 42: a newline inside LOADLAB_TOKEN ended the command with a stack trace that printed the token
        String secret = "s3cr3t-first-half\ns3cr3t-second-half";
        assertEquals(Outcome.USAGE_OR_API, run(Map.of("LOADLAB_TOKEN", secret), "run", spec.toString()));
        assertTrue(err().contains("LOADLAB_TOKEN must hold one token of printable ASCII"), err());
        assertFalse(err().contains("s3cr3t"), "the token is never printed: " + err());
    }

    @Test
    void anUnreachableLoadgenIsTwoNamingIt() throws Exception {
        Path spec = Files.writeString(dir.resolve("s.json"), "{}");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // free once closed: nothing listens there
        }
        assertEquals(Outcome.USAGE_OR_API, run(Map.of("LOADLAB_TOKEN", "t"), "run", spec.toString(), "--url",
                "http://127.0.0.1:" + port));
        assertTrue(err().contains("POST /runs to http://127.0.0.1:" + port + " failed: ConnectException"), err());
    }

    @Test
    void anErrorBodyIsEchoedCut() throws Exception {
        Path spec = Files.writeString(dir.resolve("s.json"), "{}");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/runs", x -> { // a proxy's page, not the API's JSON
            byte[] page = "<html>".repeat(10_000).getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(502, page.length);
            x.getResponseBody().write(page);
            x.close();
        });
        server.start();
        try {
            assertEquals(Outcome.USAGE_OR_API, run(Map.of(), "run", spec.toString(), "--url",
                    "http://127.0.0.1:" + server.getAddress().getPort()));
        } finally {
            server.stop(0);
        }
        assertTrue(err().contains("POST /runs answered 502") && err().contains("... (60000 characters)"), err());
        assertTrue(err().length() < Cli.MAX_ERROR_ECHO + 200, "stderr holds " + err().length() + " characters");
    }

    @Test
    void localWithoutABuiltLoadgenIsTwoNamingTheBuild() throws Exception {
        Path spec = Files.writeString(dir.resolve("s.json"), "{}");
        assertEquals(Outcome.USAGE_OR_API, run(Map.of(), "run", spec.toString(), "--local"));
        assertTrue(err().contains("no loadgen at " + dir.resolve("loadgen-service")) && err().contains("package"), err());
    }
}
