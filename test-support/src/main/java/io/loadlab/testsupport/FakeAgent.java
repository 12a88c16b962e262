package io.loadlab.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A loadgen agent's HTTP side faked on a raw loopback socket, so a test can script each endpoint of the agent API
 * byte for byte: answer as a real agent does (the defaults: ready, this version, the clock, parts that stay
 * pending until cancelled) or stall after the headers, drip, lie in counts, answer late, send huge bodies. A real
 * server that a real controller calls; one request per connection ({@code Connection: close}).
 * <p>
 * Bounded itself: at most {@link #MAX_CONNECTIONS} connections at once (others are closed unanswered), requests read
 * up to {@link #MAX_REQUEST_BYTES}, a stall lasts until {@link #close()} or {@link #MAX_STALL_MILLIS}; close ends
 * every connection and thread.
 */
public final class FakeAgent implements AutoCloseable {

    public static final int MAX_CONNECTIONS = 32;
    public static final int MAX_REQUEST_BYTES = 1 << 20;
    public static final long MAX_STALL_MILLIS = 120_000;

    /** The agent API's calls, as {@code distributed.AgentClient} makes them. */
    public enum Endpoint {
        INFO, CLOCK, START, INTERVALS, HEARTBEAT, CANCEL, OTHER;

        static Endpoint of(String method, String path) {
            if (path.equals("/agent/info")) {
                return INFO;
            }
            if (path.equals("/agent/clock")) {
                return CLOCK;
            }
            if (path.equals("/agent/runs")) {
                return START;
            }
            if (path.startsWith("/agent/runs/")) {
                return path.endsWith("/intervals") ? INTERVALS : path.endsWith("/heartbeat") ? HEARTBEAT
                        : method.equals("DELETE") ? CANCEL : OTHER;
            }
            return OTHER;
        }
    }

    /** One request as it arrived. */
    public record Request(String method, String path, String query, String body) {
    }

    private final String name;
    private final String version;
    private final ServerSocket server;
    private final ExecutorService threads;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Map<Endpoint, Function<Request, FakeAnswer>> script = new EnumMap<>(Endpoint.class);
    private final Map<Endpoint, AtomicInteger> calls = new EnumMap<>(Endpoint.class);
    private final AtomicInteger parts = new AtomicInteger();
    private final Set<String> cancelled = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private FakeAgent(String name, String version) throws IOException {
        this.name = name;
        this.version = version;
        this.server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        this.threads = Executors.newFixedThreadPool(MAX_CONNECTIONS + 1, r -> {
            Thread t = new Thread(r, "fake-agent-" + name);
            t.setDaemon(true);
            return t;
        });
        for (Endpoint e : Endpoint.values()) {
            calls.put(e, new AtomicInteger());
        }
    }

    /** A fake named {@code name} of {@code version} (a controller uses only agents of its own), listening now. */
    public static FakeAgent start(String name, String version) {
        try {
            FakeAgent a = new FakeAgent(name, version);
            a.threads.execute(a::accept);
            return a;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Scripts {@code endpoint}; replaces the default (or the previous script). */
    public synchronized FakeAgent on(Endpoint endpoint, Function<Request, FakeAnswer> answer) {
        script.put(endpoint, answer);
        return this;
    }

    /** Back to answering as a real, idle agent on every endpoint. */
    public synchronized FakeAgent reset() {
        script.clear();
        cancelled.clear();
        calls.values().forEach(c -> c.set(0));
        return this;
    }

    /** The base URL a controller's {@code loadgen.agents} names. */
    public String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** {@code 127.0.0.1:port}, as a controller names this agent in a failure. */
    public String address() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    /** Requests to {@code endpoint} since the start or the last {@link #reset()}. */
    public int calls(Endpoint endpoint) {
        return calls.get(endpoint).get();
    }

    /** True once the controller has cancelled part {@code id}. */
    public boolean cancelled(String id) {
        return cancelled.contains(id);
    }

    private void accept() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            if (open.size() >= MAX_CONNECTIONS) {
                quietly(s);
                continue;
            }
            open.add(s);
            try {
                threads.execute(() -> serve(s));
            } catch (RejectedExecutionException e) {
                open.remove(s);
                quietly(s);
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            s.setSoTimeout(10_000);
            Request r = read(s.getInputStream());
            if (r == null) {
                return;
            }
            Endpoint e = Endpoint.of(r.method(), r.path());
            calls.get(e).incrementAndGet();
            write(s.getOutputStream(), answer(e, r));
        } catch (IOException | InterruptedException e) {
            // the controller gave up on the exchange, or the fake is closing: nothing to answer
        } finally {
            open.remove(s);
        }
    }

    private FakeAnswer answer(Endpoint e, Request r) {
        Function<Request, FakeAnswer> scripted;
        synchronized (this) {
            scripted = script.get(e);
        }
        return scripted != null ? scripted.apply(r) : honest(e, r);
    }

    /** What an idle real agent answers: ready; a part stays pending (no intervals) until the controller cancels it. */
    private FakeAnswer honest(Endpoint e, Request r) {
        return switch (e) {
            case INFO -> FakeAnswer.json("{\"name\":\"" + name + "\",\"version\":\"" + version
                    + "\",\"ready\":true,\"reason\":null,\"cores\":1}");
            case CLOCK -> {
                long received = System.nanoTime();
                yield FakeAnswer.json("{\"receivedNanos\":" + received + ",\"repliedNanos\":" + System.nanoTime() + "}");
            }
            case START -> FakeAnswer.json("{\"id\":\"fake-" + parts.incrementAndGet() + "\",\"startAtNanos\":"
                    + System.nanoTime() + "}");
            case INTERVALS -> {
                boolean over = cancelled.contains(partOf(r.path()));
                yield FakeAnswer.json("{\"state\":\"" + (over ? "cancelled" : "pending") + "\",\"intervals\":[],"
                        + "\"complete\":" + over + ",\"dropped\":0,\"startLatenessNanos\":null,\"saturation\":0,"
                        + "\"failure\":null}");
            }
            case HEARTBEAT -> FakeAnswer.noContent();
            case CANCEL -> {
                cancelled.add(partOf(r.path()));
                yield FakeAnswer.noContent();
            }
            case OTHER -> FakeAnswer.of(404, "{\"error\":\"no such endpoint\"}".getBytes(StandardCharsets.UTF_8));
        };
    }

    /** The part id in {@code /agent/runs/{id}[/...]}. */
    public static String partOf(String path) {
        String rest = path.substring("/agent/runs/".length());
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    private static Request read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) { // up to the blank line: \r\n\r\n
            int b = in.read();
            if (b < 0 || head.size() > MAX_REQUEST_BYTES) {
                return null;
            }
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        String[] first = lines[0].split(" ");
        if (first.length < 2) {
            return null;
        }
        long length = 0;
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
                length = Long.parseLong(line.substring(colon + 1).trim());
            }
        }
        if (length > MAX_REQUEST_BYTES) {
            return null;
        }
        String body = new String(in.readNBytes((int) length), StandardCharsets.UTF_8);
        String target = first[1];
        int q = target.indexOf('?');
        return new Request(first[0], q < 0 ? target : target.substring(0, q), q < 0 ? "" : target.substring(q + 1), body);
    }

    private void write(OutputStream out, FakeAnswer a) throws IOException, InterruptedException {
        TimeUnit.MILLISECONDS.sleep(a.delayMillis());
        String head = "HTTP/1.1 " + a.status() + " X\r\nContent-Type: application/json\r\nConnection: close\r\n"
                + (a.status() == 204 ? "" : "Content-Length: " + a.declaredLength() + "\r\n") + "\r\n";
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        int step = a.dripMillis() == 0 ? Math.max(1, a.sent()) : a.dripBytes();
        for (int at = 0; at < a.sent(); at += step) {
            out.write(a.body(), at, Math.min(step, a.sent() - at));
            out.flush();
            TimeUnit.MILLISECONDS.sleep(a.dripMillis());
        }
        if (a.sent() < a.declaredLength()) { // the stall: hold the connection open, send nothing more
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MAX_STALL_MILLIS);
            while (!closed && System.nanoTime() < until) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
        }
    }

    private static void quietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing a socket nobody answered
        }
    }

    /** Stops accepting, ends every connection (stalled ones included) and every thread. */
    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // already closed
        }
        open.forEach(FakeAgent::quietly);
        threads.shutdownNow();
        try {
            threads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
