package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.ControlChannel;
import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfProtocolException;
import io.loadlab.common.iperf.IperfState;
import io.loadlab.common.cpu.ProcessCpu;
import io.loadlab.common.iperf.StreamCounter;
import io.loadlab.common.iperf.TestParameters;
import io.loadlab.common.iperf.TestResults;
import io.loadlab.loadgen.engine.NanoClock;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.random.RandomGenerator;

/**
 * One test, client side, in iperf3's order: cookie, parameters, streams, TEST_START/TEST_RUNNING, the timed
 * run sampled each second, TEST_END, results (ours first), DISPLAY_RESULTS, IPERF_DONE. After the server's
 * results, receiving streams read on until they hold what the server says it sent (bounded), so the report's
 * received bytes are all that arrived.
 */
final class ClientSession {

    private static final int MAX_JSON = 1 << 20;

    private final IperfSpec spec;
    private final NanoClock clock;
    private final RandomGenerator random;
    private final Duration controlTimeout;
    private final InetAddress server;
    private final ClientStreams streams;
    private final Timeline timeline;
    private volatile boolean cancelled;

    /** @param server the address to connect to: the spec's host, resolved and admitted by the caller */
    ClientSession(IperfSpec spec, InetAddress server, NanoClock clock, RandomGenerator random, Duration controlTimeout) {
        this.spec = spec;
        this.server = server;
        this.clock = clock;
        this.random = random;
        this.controlTimeout = controlTimeout;
        this.streams = new ClientStreams(spec, server, clock, controlTimeout);
        this.timeline = new Timeline(spec, clock);
    }

    /** Ends the timed part early; the test then ends as iperf3's does, results exchanged, with what was measured. */
    void cancel() {
        cancelled = true;
    }

    /** Live figures from any thread: bytes this end counted in the measured part so far, up (sent) or down (received). */
    long measuredBytes(boolean up) {
        return timeline.measuredSoFar(streams.counters(), up);
    }

    double measuredSeconds() {
        return timeline.measuredSecondsSoFar();
    }

    boolean warmingUp() {
        return timeline.warmingUp();
    }

    int openStreams() {
        return streams.counters().size();
    }

    IperfReport run() {
        ProcessCpu cpuAtStart = ProcessCpu.now();
        TestResults serverResults = null;
        String error = null;
        int timeoutMillis = (int) controlTimeout.toMillis();
        try (SocketChannel control = SocketChannel.open()) {
            control.socket().connect(new InetSocketAddress(server, spec.port()), timeoutMillis);
            control.setOption(StandardSocketOptions.TCP_NODELAY, true);
            control.socket().setSoTimeout(timeoutMillis);
            ControlChannel channel = new ControlChannel(control.socket().getInputStream(), control.socket().getOutputStream());
            Cookie cookie = Cookie.random(random);
            channel.writeCookie(cookie);
            expect(channel, IperfState.PARAM_EXCHANGE);
            channel.writeJson(parameters().toJson());
            expect(channel, IperfState.CREATE_STREAMS);
            streams.connect(cookie);
            expect(channel, IperfState.TEST_START);
            expect(channel, IperfState.TEST_RUNNING);
            streams.start();
            timeline.run(streams.counters(), () -> cancelled);
            streams.stopSenders();
            channel.writeState(IperfState.TEST_END);
            expect(channel, IperfState.EXCHANGE_RESULTS);
            channel.writeJson(ourResults(streams, timeline, cpuAtStart).toJson());
            serverResults = TestResults.fromJson(channel.readJson(MAX_JSON));
            expect(channel, IperfState.DISPLAY_RESULTS);
            streams.drainReceivers(serverResults, clock.nanoTime() + controlTimeout.toNanos());
            channel.writeState(IperfState.IPERF_DONE);
        } catch (IOException | IperfProtocolException | IperfRefusedException e) {
            error = e instanceof IOException ? e.getClass().getSimpleName() + ": " + e.getMessage() : e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error = "interrupted";
        } finally {
            streams.close();
        }
        if (error == null) {
            error = streams.failure();
        }
        double[] cpu = ProcessCpu.now().utilisationSince(cpuAtStart, Math.max(1, timeline.elapsedNanos()));
        return new ReportBuilder(spec, streams.counters(), timeline, serverResults).build(
                new IperfReport.CpuUtilisation(cpu[0], cpu[1], cpu[2]), error);
    }

    private TestParameters parameters() {
        return new TestParameters(spec.protocol(), (int) spec.warmup().toSeconds(), (int) spec.duration().toSeconds(), 0, 0,
                spec.streams(), spec.direction(), spec.effectiveLength(), spec.bitrate(), 1000, false, false, "3.12");
    }

    /**
     * What iperf3 3.12's client sends: bytes after the warm-up, but UDP packets and errors whole (a sender's
     * datagrams, a receiver's highest sequence number and losses), because each side takes its own omitted counts
     * off ({@code iperf3 -u -O 1 -d} sends 115 packets for 76 measured); a stock server drains and totals by them.
     */
    private TestResults ourResults(ClientStreams streams, Timeline timeline, ProcessCpu cpuAtStart) {
        double[] cpu = ProcessCpu.now().utilisationSince(cpuAtStart, Math.max(1, timeline.elapsedNanos()));
        List<io.loadlab.common.iperf.StreamResult> list = streams.counters().stream()
                .map(c -> new io.loadlab.common.iperf.StreamResult(c.id(), timeline.measured(c), -1,
                        c.sending() ? 0 : c.udp().jitterSeconds(), c.sending() ? 0 : c.udp().lost(),
                        c.sending() ? c.datagramsSent() : c.udp().packets(), 0, timeline.measuredSeconds()))
                .toList();
        return new TestResults(cpu[0], cpu[1], cpu[2], false, list, Optional.empty());
    }

    /** Reads the next state; ACCESS_DENIED and SERVER_ERROR end the test with iperf3's reason. */
    private static void expect(ControlChannel channel, IperfState wanted) throws IOException {
        IperfState got = channel.readState();
        if (got == IperfState.ACCESS_DENIED) {
            throw new IperfRefusedException("the server is busy running a test (ACCESS_DENIED)");
        }
        if (got == IperfState.SERVER_ERROR) {
            throw new IperfRefusedException("the server refused the test: iperf3 error " + channel.readServerError());
        }
        if (got != wanted) {
            throw new IperfProtocolException("expected " + wanted + ", the server sent " + got);
        }
    }

    static void pause(long nanos) {
        LockSupport.parkNanos(nanos);
    }

    static StreamCounter find(List<StreamCounter> counters, int id) {
        return counters.stream().filter(c -> c.id() == id).findFirst().orElseThrow();
    }
}
