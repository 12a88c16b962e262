package io.loadlab.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.loadlab.common.tls.IssuedCertificate;

/**
 * A real nginx on a free port, configured by {@code nginx.conf} next to this class (the file bench/ uses):
 * {@code body} on every path to any method, byte for byte at any size (a file in its work directory, served as
 * {@code nginx-answer.conf} says), 404 on {@code /missing}, a 301 on {@code /moved} and its counters on {@code /status}.
 * Or, by {@link #files}, by {@code nginx-files.conf}: a directory's files, gzip at level 9 (a foreign target that
 * exports nothing, whose answers cost it CPU), behind a command prefix (a namespace, a core). Fails, never skips,
 * when nginx is not installed.
 */
public final class Nginx implements AutoCloseable {

    /** How long a log read waits for the lines it expects: a deadline for a stuck nginx, never reached by a working one. */
    public static final long LOG_WAIT_MILLIS = 10_000;


    private static final Pattern STATUS = Pattern.compile("\\s(\\d+)\\s+(\\d+)\\s+(\\d+)\\s");

    private final LocalProcess process;
    private final String host;
    private final int port;
    private final Path dir;
    private final List<Integer> tlsPorts;
    /** {@link #h2c} only: its two HTTP/2 ports (prior knowledge), the second closing after 50 requests; 0 otherwise. */
    private int h2cPort;
    private int goawayPort;
    /** {@link #logging} only: it keeps an access log. */
    private boolean logged;

    private Nginx(LocalProcess process, String host, int port, Path dir, List<Integer> tlsPorts) {
        this.process = process;
        this.host = host;
        this.port = port;
        this.dir = dir;
        this.tlsPorts = tlsPorts;
    }

    /**
     * As {@link #start}, with two locations of their own ({@code /a/} and {@code = /b}, both answering {@code body}),
     * a third that logs what it read and answers 204 ({@code /echo/}, {@link #echoLog}; not {@code body}: the error
     * page that answers a POST with the file would log {@code /sink} in the access log) and an access log ({@link #accessLog}), a line per request as {@code connection request-number method uri}:
     * nginx's own count per path and per connection, to hold a load generator's counts against. The method is the
     * request line's: {@code $request_method} would read GET for a POST, which the file is answered to by an internal
     * redirect that turns it into a GET.
     */
    public static Nginx logging(String body) throws IOException, InterruptedException {
        Path dir = workDir("loadlab-nginx", body);
        int port = FreePorts.tcp();
        String answer = "include answer.conf;";
        String conf = Resources.text("nginx.conf").replace("@DIR@", dir.toString())
                .replace("@PORT@", Integer.toString(port))
                .replace("  access_log off;", "  map $request $method_sent { ~^(\\S+) $1; }\n"
                        + "  log_format requests '$connection $connection_requests $method_sent $request_uri';\n"
                        + "  access_log " + dir.resolve("access.log") + " requests;")
                .replace("    location / {", "    location /a/ { " + answer + " }\n    location = /b { " + answer
                        + " }\n    location /echo/ { proxy_pass http://127.0.0.1:" + port + "/sink; access_log "
                        + dir.resolve("echo.log") + " echo; }\n    location = /sink { access_log off; return 204; }"
                        + "\n    location / {")
                .replace("  access_log " + dir.resolve("access.log"), "  log_format echo escape=json "
                        + "'$request_uri|$http_x_h|$request_body';\n  access_log " + dir.resolve("access.log"));
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf, StandardCharsets.UTF_8);
        Nginx nginx = launch(List.of(), "127.0.0.1", port, dir, file, List.of());
        nginx.logged = true;
        return nginx;
    }

    /**
     * {@link #logging} only: what its {@code /echo/} location read, a line per request as
     * {@code uri|X-H header|body}, each JSON-escaped by nginx ({@code escape=json}); nginx reads a body only when it
     * passes it on, so {@code /echo/} proxies to a location of its own.
     */
    public List<String> echoLog() throws IOException {
        Path log = dir.resolve("echo.log");
        return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
    }

    /**
     * {@link #logging} only: the access log so far, a line per request ({@code connection request-number method uri};
     * nginx writes each line when the request ends, unbuffered). The {@code /status} queries are in it too.
     */
    public List<String> accessLog() throws IOException {
        if (!logged) {
            throw new IllegalStateException("this nginx keeps no access log: start it with Nginx.logging");
        }
        Path log = dir.resolve("access.log");
        return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
    }

    /**
     * The access log once it holds at least {@code lines} lines, or as it is after {@link #LOG_WAIT_MILLIS}. nginx
     * writes a request's line in its log phase, after the answer's last byte went out: a client that has read the
     * answer may read the log a moment before the line is there (NginxTest saw one line of two, once, in CI).
     */
    public List<String> accessLog(int lines) throws IOException, InterruptedException {
        List<String> log = accessLog();
        long deadline = System.nanoTime() + LOG_WAIT_MILLIS * 1_000_000L;
        while (log.size() < lines && System.nanoTime() < deadline) {
            Thread.sleep(10);
            log = accessLog();
        }
        return log;
    }

    /**
     * As {@link #start}, plus HTTP/2 in clear text by prior knowledge ({@code nginx-h2c.conf}): {@link #h2cUri} with
     * nginx's default limit of 128 concurrent streams, and {@link #goawayUri}, which sends GOAWAY after 50 requests
     * on a connection ({@code keepalive_requests 50}). {@link #counters()} count the requests of all three ports.
     */
    public static Nginx h2c(String body) throws IOException, InterruptedException {
        Path dir = workDir("loadlab-nginx", body);
        int[] ports = FreePorts.tcp(3); // three different ones
        int port = ports[0];
        int h2c = ports[1];
        int goaway = ports[2];
        String conf = Resources.text("nginx-h2c.conf").replace("@DIR@", dir.toString())
                .replace("@PORT@", Integer.toString(port)).replace("@H2C_PORT@", Integer.toString(h2c))
                .replace("@GOAWAY_PORT@", Integer.toString(goaway));
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf, StandardCharsets.UTF_8);
        Nginx nginx = launch(List.of(), "127.0.0.1", port, dir, file, List.of());
        nginx.h2cPort = h2c;
        nginx.goawayPort = goaway;
        return nginx;
    }

    /** {@link #h2c} only: {@code path} on its HTTP/2 port (prior knowledge, at most 128 concurrent streams). */
    public URI h2cUri(String path) {
        return URI.create("http://" + host + ":" + h2cPort + path);
    }

    /** {@link #h2c} only: {@code path} on its HTTP/2 port that sends GOAWAY after 50 requests on a connection. */
    public URI goawayUri(String path) {
        return URI.create("http://" + host + ":" + goawayPort + path);
    }

    /** nginx.conf as bench/ starts it: {@code body} (written as UTF-8) on every path but the three of its own. */
    public static Nginx start(String body) throws IOException, InterruptedException {
        Path dir = workDir("loadlab-nginx", body);
        int port = FreePorts.tcp();
        String conf = Resources.text("nginx.conf").replace("@DIR@", dir.toString())
                .replace("@PORT@", Integer.toString(port));
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf, StandardCharsets.UTF_8);
        return launch(List.of(), "127.0.0.1", port, dir, file, List.of());
    }

    /**
     * As {@link #start}, and one TLS server per certificate on a port of its own ({@link #tlsUri}), each answering
     * {@code body} on every path and logging every request ({@link #tlsLog}); with {@code http2}, they speak HTTP/2
     * too (by ALPN). Certificates come from {@code io.loadlab.common.tls.Certificates}, so a test makes expired,
     * untrusted or wrong-host ones in milliseconds.
     */
    public static Nginx tls(String body, List<IssuedCertificate> certificates, boolean http2)
            throws IOException, InterruptedException {
        return tls(body, certificates, http2, "");
    }

    /**
     * As {@link #tls(String, List, boolean)}, with {@code directives} in every TLS server
     * ({@code ssl_verify_client on; ssl_client_certificate /path;}: nginx then asks every client for a certificate).
     */
    public static Nginx tls(String body, List<IssuedCertificate> certificates, boolean http2, String directives)
            throws IOException, InterruptedException {
        Path dir = workDir("loadlab-nginx-tls", body);
        int[] free = FreePorts.tcp(certificates.size() + 1); // all different
        int port = free[0];
        StringBuilder servers = new StringBuilder();
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < certificates.size(); i++) {
            int tlsPort = free[i + 1];
            ports.add(tlsPort);
            Files.writeString(dir.resolve("cert-" + i + ".pem"), certificates.get(i).certificatePem());
            Files.writeString(dir.resolve("key-" + i + ".pem"), certificates.get(i).keyPem());
            servers.append("  server {\n    listen 127.0.0.1:").append(tlsPort).append(" ssl").append(http2 ? " http2" : "")
                    .append(";\n    ssl_certificate ").append(dir.resolve("cert-" + i + ".pem"))
                    .append(";\n    ssl_certificate_key ").append(dir.resolve("key-" + i + ".pem"))
                    .append(";\n    access_log ").append(dir.resolve("tls.log")).append(" tls;")
                    .append("\n    ").append(directives)
                    .append("\n    location / { include answer.conf; }\n  }\n");
        }
        String conf = Resources.text("nginx-tls.conf").replace("@DIR@", dir.toString())
                .replace("@PORT@", Integer.toString(port)).replace("@SERVERS@", servers);
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf, StandardCharsets.UTF_8);
        return launch(List.of(), "127.0.0.1", port, dir, file, ports);
    }

    /**
     * Serves the files under {@code root} with gzip at level 9 for text ({@code nginx-files.conf}), listening on
     * {@code host} (an address inside the namespace the prefix enters) and a free port; {@code prefix} goes before
     * the command ({@code nsenter --net=...}, {@code taskset -c 1}; each must exec, so the process is nginx itself).
     */
    public static Nginx files(List<String> prefix, String host, Path root) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("loadlab-nginx");
        int port = FreePorts.tcp();
        String conf = Resources.text("nginx-files.conf").replace("@DIR@", dir.toString())
                .replace("@LISTEN@", host + ":" + port).replace("@ROOT@", root.toString());
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf, StandardCharsets.UTF_8);
        return launch(prefix, host, port, dir, file, List.of());
    }

    /**
     * A fresh work directory holding what every catch-all location answers: {@code answer.json} ({@code body} as
     * UTF-8) and {@code answer.conf} (the {@code nginx-answer.conf} that serves it, which bench/ copies the same way).
     */
    private static Path workDir(String prefix, String body) throws IOException {
        Path dir = Files.createTempDirectory(prefix);
        Files.writeString(dir.resolve("answer.json"), body, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("answer.conf"), Resources.text("nginx-answer.conf"), StandardCharsets.UTF_8);
        return dir;
    }

    private static Nginx launch(List<String> prefix, String host, int port, Path dir, Path file, List<Integer> tlsPorts)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(findNginx(), "-p", dir.toString(), "-c", file.toString()));
        LocalProcess p = LocalProcess.start("nginx", cmd, dir);
        Nginx peer = new Nginx(p, host, port, dir, tlsPorts);
        try {
            peer.awaitListening();
        } catch (IOException | InterruptedException | RuntimeException e) {
            p.close();
            throw e;
        }
        return peer;
    }

    private static String findNginx() {
        for (String candidate : new String[] {"/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx",
                "/usr/local/bin/nginx"}) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        throw new AssertionError("nginx not found (looked in /usr/sbin, /usr/bin, /usr/local): "
                + "these tests need a real nginx peer; install it (apt-get install nginx)");
    }

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            process.assertAlive();
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(20);
            }
        }
        throw new IllegalStateException("nginx did not listen on port " + port + ":\n" + process.logTail());
    }

    public URI uri(String path) {
        return URI.create("http://" + host + ":" + port + path);
    }

    /** {@code https://localhost:port/path} of the TLS server of the {@code index}-th certificate given to {@link #tls}. */
    public URI tlsUri(int index, String path) {
        return URI.create("https://localhost:" + tlsPorts.get(index) + path);
    }

    public int tlsPort(int index) {
        return tlsPorts.get(index);
    }

    /**
     * The TLS servers' access log so far, a line per request: {@code port reused protocol cipher alpn status}, where
     * reused is {@code r} for a resumed session and {@code .} for a full handshake, alpn {@code -} for none.
     */
    public List<String> tlsLog() throws IOException {
        Path log = dir.resolve("tls.log");
        return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
    }

    /** The TLS log once it holds at least {@code lines} lines, or as it is after {@link #LOG_WAIT_MILLIS}: as {@link #accessLog(int)}. */
    public List<String> tlsLog(int lines) throws IOException, InterruptedException {
        List<String> log = tlsLog();
        long deadline = System.nanoTime() + LOG_WAIT_MILLIS * 1_000_000L;
        while (log.size() < lines && System.nanoTime() < deadline) {
            Thread.sleep(10);
            log = tlsLog();
        }
        return log;
    }

    public int port() {
        return port;
    }

    /** Its process (with {@code master_process off}, the one that answers): for its CPU time in /proc. */
    public long pid() {
        return process.pid();
    }

    /** {@code [accepted connections, handled requests]} from stub_status; the query itself adds one of each. */
    public long[] counters() throws IOException {
        String answer = exchange("GET /status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        Matcher m = STATUS.matcher(answer);
        if (!m.find()) {
            throw new IllegalStateException("no counters in " + answer);
        }
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(3))};
    }

    /** Wire size of the answer to a keep-alive GET of {@code path}: head and body. */
    public int responseBytes(String path) throws IOException {
        String request = "GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\n\r\n";
        try (Socket s = new Socket(host, port)) {
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            byte[] buf = new byte[64 * 1024];
            int n = 0;
            while (true) {
                n += in.read(buf, n, buf.length - n);
                String head = new String(buf, 0, n, StandardCharsets.ISO_8859_1);
                int end = head.indexOf("\r\n\r\n");
                if (end >= 0) {
                    Matcher cl = Pattern.compile("(?i)content-length: (\\d+)").matcher(head);
                    if (!cl.find()) {
                        throw new IllegalStateException("no length in " + head);
                    }
                    return end + 4 + Integer.parseInt(cl.group(1));
                }
            }
        }
    }

    private String exchange(String request) throws IOException {
        try (Socket s = new Socket(host, port)) {
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** SIGSTOP: the server stops answering, its sockets stay open. */
    public void pause() throws IOException, InterruptedException {
        process.signal("STOP");
    }

    public void resume() throws IOException, InterruptedException {
        process.signal("CONT");
    }

    @Override
    public void close() throws Exception {
        resume();
        process.close();
        // its conf, logs and keys: every server's, not only TLS and logging ones, which left 6 directories in /tmp per
        // CI run (151 had built up here); its logs are read through this object, never after it is closed
        TempDirs.remove(dir);
    }
}
