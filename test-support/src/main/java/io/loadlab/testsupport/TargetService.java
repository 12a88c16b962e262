package io.loadlab.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real target service, started from its packaged jar on free loopback ports (HTTP, HTTPS, the UDP reflector and
 * the iperf3 server: a fixed 5201 or 8443 would make two targets at once collide). Its HTTPS port serves a
 * self-signed certificate made at start unless {@code -Dtarget.https.cert-file}/{@code key-file} are given.
 */
public final class TargetService implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Pattern REQUESTS = Pattern.compile("^http_server_requests_seconds_count\\{([^}]*)} (\\S+)$",
            Pattern.MULTILINE);
    private static final Pattern IPERF_BYTES = Pattern.compile("^target_iperf_bytes_total\\{([^}]*)} (\\S+)$",
            Pattern.MULTILINE);

    private static final Pattern DIRECT = Pattern.compile(
            "^jvm_buffer_memory_used_bytes\\{[^}]*id=\"direct\"[^}]*} (\\S+)$", Pattern.MULTILINE);

    private final LocalProcess process;
    private final Launch launch;
    private final String host;
    private final int port;
    private final int httpsPort;
    private final int udpPort;
    private final int iperfPort;

    private TargetService(LocalProcess process, Launch launch, String host, int port, int httpsPort, int udpPort, int iperfPort) {
        this.process = process;
        this.launch = launch;
        this.host = host;
        this.port = port;
        this.httpsPort = httpsPort;
        this.udpPort = udpPort;
        this.iperfPort = iperfPort;
    }

    /** Starts the jar on 127.0.0.1 and waits until it is ready (60 s), its iperf3 server listening too. */
    public static TargetService start() throws IOException, InterruptedException {
        return start("127.0.0.1");
    }

    /**
     * As {@link #start()}, listening on {@code host}, an IPv4 address of this machine: a veth's, for load generators in
     * network namespaces of the test's own ({@link NetnsLink}). The ports are picked free on loopback.
     */
    public static TargetService start(String host) throws IOException, InterruptedException {
        return start(List.of(), host);
    }

    /**
     * As {@link #start(String)}, run through {@code prefix}: in a network namespace, {@link NetnsLink#enter()} and
     * the namespace's address, so what it sends leaves through the namespace's shaped side.
     */
    public static TargetService start(List<String> prefix, String host) throws IOException, InterruptedException {
        return start(prefix, host, List.of());
    }

    /**
     * As {@link #start()}, the JVM given {@code jvmOptions} too: a heap and direct memory as a pod's limits leave it
     * ({@code -Xmx800m}), or a setting ({@code -Dtarget.iperf.control-timeout=2s}); given after the ports, so they win.
     */
    public static TargetService startWith(List<String> jvmOptions) throws IOException, InterruptedException {
        return start(List.of(), "127.0.0.1", jvmOptions);
    }

    /** As {@link #start(List, String)}, the JVM given {@code jvmOptions} too ({@code -Dtarget.iperf.max-clients=3}). */
    public static TargetService start(List<String> prefix, String host, List<String> jvmOptions)
            throws IOException, InterruptedException {
        int[] tcp = FreePorts.tcp(3); // three different ones: two tcp() calls in a row can return the same port
        int port = tcp[0];
        int udpPort = FreePorts.udp();
        int iperfPort = tcp[1]; // not iperf3's 5201: two targets at once would both want it
        int httpsPort = tcp[2]; // nor 8443
        List<String> jvm = new ArrayList<>(List.of("-Dquarkus.http.host=" + host, "-Dquarkus.http.port=" + port,
                "-Dtarget.https.host=" + host, "-Dtarget.https.port=" + httpsPort,
                "-Dtarget.udp.host=" + host, "-Dtarget.udp.port=" + udpPort,
                "-Dtarget.iperf.host=" + host, "-Dtarget.iperf.port=" + iperfPort));
        jvm.addAll(jvmOptions);
        Launch launch = ServiceJar.TARGET.launch(prefix, jvm);
        LocalProcess p = LocalProcess.startInTemp("target-service", launch.command(), Map.of());
        TargetService target = new TargetService(p, launch, host, port, httpsPort, udpPort, iperfPort);
        try {
            p.awaitReady(target.base() + "/q/health/ready", Duration.ofSeconds(60));
            // the iperf3 server opens its port on the startup event, which readiness does not wait for
            p.awaitLog("iperf3 server on", Duration.ofSeconds(10));
            if (!jvm.contains("-Dtarget.https.enabled=false")) {
                p.awaitLog("HTTPS (h2, http/1.1 by ALPN) on", Duration.ofSeconds(10));
            }
        } catch (RuntimeException | InterruptedException e) {
            p.close();
            throw e;
        }
        return target;
    }

    /** Which binary runs (the JVM jar or the native runner) and its command line. */
    public Launch launch() {
        return launch;
    }

    /** The reflector's address, {@code udp://127.0.0.1:port}. */
    public URI udp() {
        return URI.create("udp://" + host + ":" + udpPort);
    }

    /** The iperf3 server's TCP port on {@link #host()}. */
    public int iperfPort() {
        return iperfPort;
    }

    /** The target's iperf3 server, {@code tcp://127.0.0.1:port}. */
    public URI iperf() {
        return URI.create("tcp://" + host + ":" + iperfPort);
    }

    /** Scheme, host and port, for the target's other paths. */
    public String base() {
        return "http://" + host + ":" + port;
    }

    /** The address it listens on: 127.0.0.1 unless started on another. */
    public String host() {
        return host;
    }

    /** {@code https://host:port}, the TLS port (HTTP/1.1 and h2 by ALPN); the plain {@link #base()} speaks h2c too. */
    public String httpsBase() {
        return "https://" + host + ":" + httpsPort;
    }

    public int httpsPort() {
        return httpsPort;
    }

    /** What the process has logged so far (the HTTPS certificate's fingerprint among it). */
    public String log() {
        return process.log();
    }

    public URI testApi() {
        return URI.create(base() + "/test/testApi");
    }

    public long pid() {
        return process.pid();
    }

    /** The process's resident memory now, VmRSS from /proc/<pid>/status, in bytes. */
    public long rssBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/" + pid() + "/status");
    }

    /** What the JVM's direct buffers hold now, {@code jvm_buffer_memory_used_bytes{id="direct"}} from /q/metrics. */
    public long directBufferBytes() throws IOException, InterruptedException {
        Matcher m = DIRECT.matcher(get("/q/metrics"));
        if (!m.find()) {
            throw new IllegalStateException("no jvm_buffer_memory_used_bytes{id=\"direct\"} in /q/metrics");
        }
        return (long) Double.parseDouble(m.group(1));
    }

    /** The target's own count of answered POSTs to /test/testApi with {@code status}, from its /q/metrics. */
    public long served(int status) throws IOException, InterruptedException {
        Matcher m = REQUESTS.matcher(get("/q/metrics"));
        long total = 0;
        while (m.find()) {
            String labels = m.group(1);
            if (labels.contains("uri=\"/test/testApi\"") && labels.contains("method=\"POST\"")
                    && labels.contains("status=\"" + status + "\"")) {
                total += (long) Double.parseDouble(m.group(2));
            }
        }
        return total;
    }

    /** {@code target_iperf_bytes_total{protocol,direction}} now, from the target's /q/metrics. */
    public long iperfBytes(String protocol, String direction) throws IOException, InterruptedException {
        Matcher m = IPERF_BYTES.matcher(get("/q/metrics"));
        while (m.find()) {
            if (m.group(1).contains("protocol=\"" + protocol + "\"") && m.group(1).contains("direction=\"" + direction + "\"")) {
                return (long) Double.parseDouble(m.group(2));
            }
        }
        throw new IllegalStateException("no target_iperf_bytes_total{protocol=" + protocol + ",direction=" + direction + "}");
    }

    /** Sends SIGSTOP or SIGCONT ({@code "STOP"}, {@code "CONT"}): a server that stops answering for a while, for real. */
    public void signal(String name) throws IOException, InterruptedException {
        process.signal(name);
    }

    public String get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base() + path)).timeout(Duration.ofSeconds(5)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    @Override
    public void close() {
        process.close();
    }
}
