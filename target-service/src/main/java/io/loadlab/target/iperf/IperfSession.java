package io.loadlab.target.iperf;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.common.iperf.ControlChannel;
import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfProtocolException;
import io.loadlab.common.iperf.IperfState;
import io.loadlab.common.cpu.ProcessCpu;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.common.iperf.StreamCounter;
import io.loadlab.common.iperf.StreamResult;
import io.loadlab.common.iperf.TestParameters;
import io.loadlab.common.iperf.TestResults;
import io.loadlab.target.TargetConfig;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One iperf3 test, server side, from the client's cookie to IPERF_DONE, on its own thread: parameters checked
 * against the limits (SERVER_ERROR with iperf3's error number when over), streams collected
 * ({@link IperfStreams}), the test run until the client's TEST_END, results exchanged. Before answering with its
 * own results it lets receiving streams read until they hold what the client's results say it sent (bounded by
 * {@code drain-timeout}), so both ends' byte counts agree. With the client's {@code -O} its results leave out
 * what moved in the omitted seconds, as iperf3 3.12's server does: bytes after its omit window, packets and UDP
 * errors whole (the client takes its own omitted packets off), jitter from the window's end, times from it too.
 */
final class IperfSession implements Runnable {

    private static final Logger LOG = Logger.getLogger(IperfSession.class);
    static final int DEFAULT_TCP_LENGTH = 128 * 1024;
    static final int DEFAULT_UDP_LENGTH = 1460;

    private final TargetConfig.Iperf config;
    private final IperfCounters counters;
    private final SocketChannel control;
    private final UdpPort udpPort;
    private final BlockingQueue<StreamArrival> arrivals;
    private final SessionRouter router;
    /** The client's cookie when the server read it already (it came as another test's stream); null: read it here. */
    private final Cookie given;
    /** This test's cookie, once read: how the server routes a stream another test read. */
    private volatile Cookie cookie;
    private final ParameterLimits limits;
    private volatile boolean collecting;
    private volatile boolean done;
    private volatile boolean finishing;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile IperfStreams streams;

    /**
     * @param cookie the client's cookie when another test read it already, null to read it from {@code control}
     */
    IperfSession(TargetConfig.Iperf config, IperfCounters counters, SocketChannel control, UdpPort udpPort,
                 Cookie cookie, SessionRouter router) {
        this.given = cookie;
        this.router = router;
        this.config = config;
        this.counters = counters;
        this.control = control;
        this.udpPort = udpPort;
        this.arrivals = new ArrayBlockingQueue<>(2 * config.maxStreams() + 4);
        this.limits = new ParameterLimits(config);
    }

    boolean done() {
        return done;
    }

    /**
     * True once the results are on their way to the client: the test is over but for IPERF_DONE and the tidying
     * after it. A client that read its results may connect again at once; iperf3's one thread would accept it
     * only after that tidying, so the listener waits for this session rather than answering it ACCESS_DENIED
     * (it did, to one test in a CI run, that started its next test the moment the last one returned).
     */
    boolean finishing() {
        return finishing;
    }

    /** Waits up to {@code timeout} for the session to end; true when it has. */
    boolean awaitEnd(Duration timeout) throws InterruptedException {
        return ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** A TCP connection that may be one of this test's streams; false when the test takes none now. */
    boolean offerStream(StreamArrival connection) {
        return collecting && arrivals.offer(connection);
    }

    /** True while the test collects its TCP streams (every new connection may be one). */
    boolean collecting() {
        return collecting;
    }

    /** The client's cookie; null before it is read. */
    Cookie cookie() {
        return cookie;
    }

    /** Ends the test at once (shutdown). */
    void abort() {
        closeQuietly(control);
    }

    @Override
    public void run() {
        IperfCounters.Outcome outcome = IperfCounters.Outcome.FAILED;
        try {
            PhaseDeadline input = new PhaseDeadline(control.socket(), System::nanoTime);
            test(input, new ControlChannel(input, control.socket().getOutputStream()));
            outcome = IperfCounters.Outcome.COMPLETED;
        } catch (IperfProtocolException | IOException e) {
            LOG.infof("iperf3 test from %s ended early: %s", remote(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            collecting = false;
            if (streams != null) {
                streams.close();
            }
            for (StreamArrival a; (a = arrivals.poll()) != null; ) {
                router.elsewhere(a.channel(), a.cookie()); // arrived as the collecting ended: not ours, maybe a new test
            }
            closeQuietly(control);
            counters.ended(outcome);
            done = true;
            ended.countDown();
        }
    }

    private void test(PhaseDeadline phase, ControlChannel channel) throws IOException, InterruptedException {
        Duration limit = config.controlTimeout();
        phase.begin("cookie", limit);
        Cookie cookie = given != null ? given : channel.readCookie();
        this.cookie = cookie;
        channel.writeState(IperfState.PARAM_EXCHANGE);
        phase.begin("parameters", limit);
        ObjectNode json = channel.readJson(config.maxJsonBytes());
        Optional<Integer> refusal = limits.refusal(json);
        TestParameters p = refusal.isPresent() ? null : TestParameters.fromJson(json);
        int length = p == null ? 0 : p.length() > 0 ? p.length() : p.protocol() == Protocol.TCP ? DEFAULT_TCP_LENGTH : DEFAULT_UDP_LENGTH;
        if (refusal.isEmpty()) {
            refusal = limits.refusal(p, length);
        }
        if (refusal.isPresent()) {
            channel.writeServerError(refusal.get());
            String asked = json.toString();
            LOG.infof("iperf3 test from %s refused (iperf3 error %d): %s", remote(), refusal.get(),
                    asked.length() > 200 ? asked.substring(0, 200) + "..." : asked);
            return;
        }
        long deadline = System.nanoTime() + limit.toNanos();
        streams = new IperfStreams(p, length, counters, udpPort);
        if (p.protocol() == Protocol.TCP) {
            collecting = true;
            channel.writeState(IperfState.CREATE_STREAMS);
            streams.collectTcp(arrivals, cookie, deadline, router);
        } else {
            // a UDP connect carries no cookie: this test's setup is the only one open from CREATE_STREAMS on
            try (UdpSetup setup = udpPort.beginSetup(streams.expected(), deadline)) {
                channel.writeState(IperfState.CREATE_STREAMS);
                streams.collectUdp(setup, deadline);
            }
        }
        collecting = false;
        for (StreamArrival a; (a = arrivals.poll()) != null; ) {
            router.elsewhere(a.channel(), a.cookie()); // offered as the collecting ended: a new test's, or denied
        }
        // the client starts its omit timer when it reads TEST_START: ours, started before, ends no later than its
        long omitEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(p.omit());
        channel.writeState(IperfState.TEST_START);
        channel.writeState(IperfState.TEST_RUNNING);
        ProcessCpu cpuAtStart = ProcessCpu.now();
        long start = System.nanoTime();
        streams.start(omitEnd);
        long testMillis = p.time() > 0 ? (p.time() + p.omit()) * 1000L : config.maxSeconds() * 1000L;
        phase.begin("test", limit.plusMillis(testMillis));
        awaitTestEnd(channel);
        streams.stopSenders();
        channel.writeState(IperfState.EXCHANGE_RESULTS);
        phase.begin("results", limit);
        TestResults client = TestResults.fromJson(channel.readJson(config.maxJsonBytes()));
        streams.drainReceivers(client, System.nanoTime() + config.drainTimeout().toNanos());
        long now = System.nanoTime();
        double[] cpu = ProcessCpu.now().utilisationSince(cpuAtStart, now - start);
        // iperf3 times its results from the omit timer's firing, from the start when the test ended before it
        long measuredFrom = p.omit() > 0 && now - omitEnd >= 0 ? omitEnd : start;
        finishing = true;
        channel.writeJson(new TestResults(cpu[0], cpu[1], cpu[2], false, results(now - measuredFrom), Optional.empty())
                .toJson());
        channel.writeState(IperfState.DISPLAY_RESULTS);
        phase.begin("IPERF_DONE", limit);
        try {
            channel.readState(); // IPERF_DONE; a client that closes instead has its results all the same
        } catch (IOException | IperfProtocolException e) {
            LOG.debugf("iperf3 client %s left without IPERF_DONE: %s", remote(), e.getMessage());
        }
    }

    private void awaitTestEnd(ControlChannel channel) throws IOException {
        while (true) {
            IperfState state;
            try {
                state = channel.readState();
            } catch (SocketTimeoutException e) {
                throw new IperfProtocolException("no TEST_END within the test's time and " + config.controlTimeout());
            }
            if (state == IperfState.TEST_END) {
                return;
            }
            if (state == IperfState.CLIENT_TERMINATE) {
                throw new IperfProtocolException("client terminated the test");
            }
        }
    }

    private List<StreamResult> results(long elapsedNanos) {
        double seconds = elapsedNanos / 1e9;
        List<StreamResult> list = new ArrayList<>();
        for (StreamCounter c : streams.counters()) {
            boolean udp = streams.protocol() == Protocol.UDP;
            long packets = !udp ? 0 : c.sending() ? c.datagramsSent() : c.udp().packets();
            list.add(new StreamResult(c.id(), c.measuredBytes(), -1, udp && !c.sending() ? c.udp().jitterSeconds() : 0,
                    udp && !c.sending() ? c.udp().lost() : 0, packets, 0, seconds));
        }
        return list;
    }

    private String remote() {
        try {
            return String.valueOf(control.getRemoteAddress());
        } catch (IOException e) {
            return "a closed connection";
        }
    }

    static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // closing on the way out: nothing left to tell
        }
    }

    static long remainingMillis(long deadlineNanos) {
        return TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
    }
}
