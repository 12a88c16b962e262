package io.loadlab.loadgen.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real nginx on a free loopback port, answering {@code body} on every path, 404 on {@code /missing}, a 301 on
 * {@code /moved} and its counters on {@code /nginx_status}. Fails, never skips, when nginx is not installed.
 */
public final class NginxPeer implements AutoCloseable {

    private static final Pattern STATUS = Pattern.compile("\\s(\\d+)\\s+(\\d+)\\s+(\\d+)\\s");

    private final Process process;
    private final int port;
    private final Path dir;

    private NginxPeer(Process process, int port, Path dir) {
        this.process = process;
        this.port = port;
        this.dir = dir;
    }

    public static NginxPeer start(String body) throws IOException, InterruptedException {
        String nginx = findNginx();
        Path dir = Files.createTempDirectory("loadgen-nginx");
        int port = freePort();
        String conf = """
                daemon off; master_process off; worker_processes 1;
                pid %1$s/nginx.pid; error_log %1$s/error.log warn;
                events { worker_connections 4096; }
                http {
                  access_log off; keepalive_requests 1000000; keepalive_timeout 75s;
                  client_body_temp_path %1$s/body; proxy_temp_path %1$s/proxy; fastcgi_temp_path %1$s/fcgi;
                  uwsgi_temp_path %1$s/uwsgi; scgi_temp_path %1$s/scgi;
                  server {
                    listen 127.0.0.1:%2$d;
                    location = /nginx_status { stub_status; }
                    location = /missing { return 404 'no'; }
                    location = /moved { return 301 /hello; }
                    location / { default_type application/json; return 200 '%3$s'; }
                  }
                }
                """.formatted(dir, port, body);
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(nginx, "-p", dir.toString(), "-c", file.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
        NginxPeer peer = new NginxPeer(p, port, dir);
        peer.awaitListening();
        return peer;
    }

    private static String findNginx() {
        for (String candidate : new String[] {"/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx",
                "/usr/local/bin/nginx"}) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        throw new IllegalStateException("nginx not found (looked in /usr/sbin, /usr/bin, /usr/local): "
                + "these tests need a real nginx peer; install it (apt-get install nginx)");
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("nginx exited: " + Files.readString(dir.resolve("stdout.log"))
                        + Files.readString(dir.resolve("error.log")));
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(20);
            }
        }
        throw new IllegalStateException("nginx did not listen on port " + port);
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    int port() {
        return port;
    }

    /** {@code [accepted connections, handled requests]} from stub_status; the query itself adds one of each. */
    long[] counters() throws IOException {
        String answer = exchange("GET /nginx_status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        Matcher m = STATUS.matcher(answer);
        if (!m.find()) {
            throw new IllegalStateException("no counters in " + answer);
        }
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(3))};
    }

    /** Wire size of the answer to a keep-alive GET of {@code path}: head and body. */
    int responseBytes(String path) throws IOException {
        String request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n";
        try (Socket s = new Socket("127.0.0.1", port)) {
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
        try (Socket s = new Socket("127.0.0.1", port)) {
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** SIGSTOP: the server stops answering, its sockets stay open. */
    void pause() throws IOException, InterruptedException {
        signal("-STOP");
    }

    void resume() throws IOException, InterruptedException {
        signal("-CONT");
    }

    private void signal(String sig) throws IOException, InterruptedException {
        new ProcessBuilder("kill", sig, Long.toString(process.pid())).inheritIO().start().waitFor();
    }

    @Override
    public void close() throws Exception {
        resume();
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
