package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;
import io.loadlab.loadgen.engine.RateSchedule;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.ScheduledFuture;

import java.lang.invoke.MethodHandles;
import java.net.InetSocketAddress;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

/**
 * Drives the request slots of one event loop through the run (a slot per HTTP/1.1 connection, or per HTTP/2 stream
 * on a shared connection: {@link RequestSlot}): hands free slots the next request (at once in the closed model, at its intended time in the open model), times requests
 * out, and at the end stops sending, waits for the answers in flight (up to the timeout) and
 * closes everything. Confined to its event loop, except {@link #activeConnections()}.
 */
final class LoopDriver {

    /** After a failed connect, wait this long before the next: a refused port would otherwise spin the loop. */
    private static final long CONNECT_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long MAX_SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final VarHandle OPEN;

    static {
        try {
            OPEN = MethodHandles.lookup().findVarHandle(LoopDriver.class, "open", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final EventLoop loop;
    private final RunContext run;
    private final PhaseStats warmup;
    private final PhaseStats measured;
    /** A mix's stats by entry (children of warmup and measured); null for a run without named requests. */
    private final PhaseStats[] warmupByName;
    private final PhaseStats[] measuredByName;
    /** The first of this loop's slots numbered across the run's loops: it keys each slot's seeded stream. */
    private final int slotBase;
    private final RateSchedule schedule;
    private final Runnable onFinished;
    private final RequestSlot[] slots;
    private final RequestSlot[] free;
    private final RunConnection[] connections;
    /** HTTP/2 runs only: what the streams did on this loop, warm-up included. */
    private final H2Stats h2;
    private final boolean[] queued;
    private final Runnable fire = this::onTimer;
    private final long timeoutNanos;
    private final int openable;
    private final String shortOf;
    private final TlsTally tls = new TlsTally();
    private int freeCount;
    private int inFlight;
    private int open;
    private long nextIntended;
    private boolean sending = true;
    /** Past the end, sending only the open model's backlog of requests intended before it. */
    private boolean ending;
    private boolean timerArmed;
    private boolean finished;
    private ScheduledFuture<?> sweep;
    private ScheduledFuture<?> end;
    /** The first connect error's cause, bounded; read once the loop has finished. */
    private volatile String firstConnectError;
    /** Counted over the connections when the loop finishes; read after it terminated. */
    private volatile int established;
    private volatile H2Stats h2Done;
    private volatile int neverOpened;
    /** Open model: requests intended in the measured part and begun; the count against the schedule once finished. */
    private long measuredBegun;
    private volatile ScheduleCounts scheduled = ScheduleCounts.NONE;

    /**
     * @param openable   how many of the connections may be opened: those past it are counted as connect errors
     *                   that never opened, for {@code shortOf}, and take no request
     * @param shortOf    why not all connections may be opened; null when they may
     * @param schedule   intended send times (open model), null for the closed model
     * @param onFinished called once, on this loop, when every connection is closed
     * @param slotBase   the run's slots on the loops before this one
     * @param byName     per entry of the mix, children of {@code warmup} and {@code measured}; null for none
     */
    LoopDriver(EventLoop loop, RunContext run, int connections, int openable, String shortOf, PhaseStats warmup,
               PhaseStats measured, RateSchedule schedule, Runnable onFinished, int slotBase, PhaseStats[][] byName) {
        this.loop = loop;
        this.run = run;
        this.warmup = warmup;
        this.measured = measured;
        this.slotBase = slotBase;
        this.warmupByName = byName == null ? null : byName[0];
        this.measuredByName = byName == null ? null : byName[1];
        this.schedule = schedule;
        this.onFinished = onFinished;
        this.timeoutNanos = run.spec().timeout().toNanos();
        this.openable = openable;
        this.shortOf = shortOf;
        this.connections = new RunConnection[connections];
        if (run.spec().protocol().http2()) { // a slot per stream, `streams` of them on each connection
            int streams = run.spec().streams();
            this.h2 = new H2Stats();
            this.slots = new RequestSlot[connections * streams];
            for (int c = 0; c < connections; c++) {
                H2Connection connection = new H2Connection(this, c, streams, h2);
                this.connections[c] = connection;
                System.arraycopy(connection.streams(), 0, slots, c * streams, streams);
            }
        } else {
            this.h2 = null;
            this.slots = new RequestSlot[connections];
            for (int i = 0; i < connections; i++) {
                if (loop instanceof ShortConnectionLoop events) {
                    ShortConnectionSlot slot = new ShortConnectionSlot(this, events, i);
                    slots[i] = slot;
                    this.connections[i] = slot;
                } else {
                    ConnectionSlot slot = new ConnectionSlot(this, i);
                    slots[i] = slot;
                    this.connections[i] = slot;
                }
            }
        }
        this.free = new RequestSlot[slots.length];
        this.queued = new boolean[slots.length];
    }

    /** Runs on the loop: opens the connections (keep-alive) or offers them free (a connection per request). */
    void start() {
        long now = now();
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(1), Math.min(MAX_SWEEP_NANOS, timeoutNanos / 4));
        sweep = loop.scheduleAtFixedRate(this::sweep, period, period, TimeUnit.NANOSECONDS);
        end = loop.schedule(this::onEnd, run.timeline().endNanos() - now, TimeUnit.NANOSECONDS);
        if (schedule != null) {
            nextIntended = schedule.next();
        }
        for (RequestSlot slot : slots) {
            if (slot.connectionIndex() >= openable) {
                slot.giveUp(shortOf);
            } else if (keepAlive()) {
                slot.connect();
            } else {
                onFree(slot);
            }
        }
    }

    /** Runs on the loop: stops at once, abandoning requests in flight (not counted). */
    void cancel() {
        finish(false);
    }

    /** A slot is idle (keep-alive) or down: reconnect it, or hand it the next request. */
    void onFree(RequestSlot slot) {
        if (!sending || queued[slot.index()] || slot.givenUp()) {
            return;
        }
        if (keepAlive() && slot.down()) {
            slot.connect();
            return;
        }
        queued[slot.index()] = true;
        free[freeCount++] = slot;
        dispatch();
    }

    void onConnectFailed(RequestSlot slot) {
        if (sending) {
            loop.schedule(() -> onFree(slot), CONNECT_RETRY_NANOS, TimeUnit.NANOSECONDS);
        }
    }

    void requestEnded() {
        inFlight--;
        if (!sending && inFlight == 0) {
            finish(true);
        }
    }

    private void dispatch() {
        if (schedule == null) {
            while (freeCount > 0 && sending) {
                begin(0);
            }
            return;
        }
        long now = now();
        long endNanos = run.timeline().endNanos();
        while (freeCount > 0 && sending && nextIntended <= now && nextIntended < endNanos) {
            begin(nextIntended);
            nextIntended = schedule.next();
        }
        if (ending && sending && nextIntended >= endNanos) {
            stopSending();
            return;
        }
        if (!timerArmed && sending && freeCount > 0 && nextIntended > now && nextIntended < endNanos) {
            timerArmed = true;
            loop.schedule(fire, nextIntended - now, TimeUnit.NANOSECONDS);
        }
    }

    private void begin(long intendedNanos) {
        if (schedule != null && !run.timeline().warmingUp(intendedNanos)) {
            measuredBegun++;
        }
        RequestSlot slot = free[--freeCount];
        queued[slot.index()] = false;
        inFlight++;
        slot.begin(intendedNanos);
    }

    private void onTimer() {
        timerArmed = false;
        dispatch();
    }

    private void sweep() {
        long now = now();
        for (RequestSlot slot : slots) {
            slot.checkTimeout(now, timeoutNanos);
        }
    }

    /**
     * The measured part is over: no new request; those in flight get their timeout to answer. In the
     * open model every request intended before the end is still sent, late, as connections free up
     * (within the timeout): a loop that lagged (a busy machine, a GC) would otherwise lose its last
     * slots and the measured count would fall short of rate x duration.
     */
    private void onEnd() {
        if (schedule != null) {
            long now = now();
            if (now < run.timeline().endNanos()) { // the event loop's timer fired early by our clock
                end = loop.schedule(this::onEnd, run.timeline().endNanos() - now, TimeUnit.NANOSECONDS);
                return;
            }
            ending = true;
            dispatch(); // stops sending once the backlog is out
            if (sending) { // a backlog waits for connections: bounded by the timeout like requests in flight
                loop.schedule(() -> finish(true), timeoutNanos, TimeUnit.NANOSECONDS);
            }
            return;
        }
        stopSending();
    }

    private void stopSending() {
        sending = false;
        if (inFlight == 0) {
            finish(true);
        } else {
            loop.schedule(() -> finish(true), timeoutNanos, TimeUnit.NANOSECONDS);
        }
    }

    private void finish(boolean abandonedTimedOut) {
        if (finished) {
            return;
        }
        finished = true;
        sending = false;
        sweep.cancel(false);
        end.cancel(false);
        long now = now();
        int everOpened = 0;
        int never = 0;
        for (RequestSlot slot : slots) {
            if (abandonedTimedOut) {
                slot.cutOff(now);
            }
            slot.shutdown();
        }
        for (RunConnection connection : connections) {
            connection.shutdown();
            everOpened += connection.everOpened() ? 1 : 0;
            never += connection.neverOpened() ? 1 : 0;
        }
        established = everOpened;
        neverOpened = never;
        if (schedule != null) {
            scheduled = new ScheduleCounts(schedule.dueBefore(run.timeline().endNanos())
                    - schedule.dueBefore(run.timeline().measureStartNanos()), measuredBegun);
        }
        h2Done = h2;
        onFinished.run();
    }

    /**
     * Counts one answer, HTTP/1.1's or an HTTP/2 stream's, in the phase of its request: completed, its status class
     * when not 2xx, and its latency from the intended send time (open model, with the service time apart) or from
     * the actual send (closed model).
     */
    void answered(PhaseStats stats, int status, long intendedNanos, long sentNanos, long now) {
        stats.increment(Counter.COMPLETED);
        if (status >= 500) {
            stats.increment(Counter.STATUS_5XX);
        } else if (status >= 400) {
            stats.increment(Counter.STATUS_4XX);
        } else if (status >= 300) {
            stats.increment(Counter.STATUS_3XX);
        }
        if (openModel()) {
            stats.recordLatency(now - intendedNanos);
            stats.recordServiceTime(now - sentNanos);
        } else {
            stats.recordLatency(now - sentNanos);
        }
    }

    /** Runs {@code task} on this driver's event loop. */
    void execute(Runnable task) {
        loop.execute(task);
    }

    ChannelFuture newChannel(ChannelHandler... handlers) {
        SocketChannel channel = run.transport()
                .newChannel((int) Math.min(Integer.MAX_VALUE, run.spec().timeout().toMillis()));
        if (run.tls() != null) {
            channel.pipeline().addLast(run.tls().newHandler(channel.alloc()));
        }
        channel.pipeline().addLast(handlers);
        loop.register(channel);
        return channel.connect(run.address());
    }

    long now() {
        return run.clock().nanoTime();
    }

    /** The run's target, resolved and admitted once before the run. */
    InetSocketAddress address() {
        return run.address();
    }

    /** Where an event at {@code nowNanos} counts: the warm-up never reaches the report. */
    PhaseStats stats(long nowNanos) {
        return run.timeline().warmingUp(nowNanos) ? warmup : measured;
    }

    /**
     * The phase of a request begun now: in the open model that of its intended send time (a request
     * due in the warm-up but sent late, after a stall, is still a warm-up request), in the closed
     * model that of now, there being no intended time.
     */
    PhaseStats phaseOf(long intendedNanos) {
        return stats(openModel() ? intendedNanos : now());
    }

    /** As {@link #phaseOf(long)}, for a request of the mix's {@code entry}: counted under its name too, when named. */
    PhaseStats phaseOf(long intendedNanos, int entry) {
        if (measuredByName == null) {
            return phaseOf(intendedNanos);
        }
        return run.timeline().warmingUp(openModel() ? intendedNanos : now()) ? warmupByName[entry] : measuredByName[entry];
    }

    /** The cursor through the run's mix of the slot {@code index} of this loop; null for the one-request form. */
    MixCursor cursor(int index) {
        return run.mix() == null ? null : run.mix().cursor(slotBase + index);
    }

    /** The run's TLS, null in clear text. */
    ClientTls tls() {
        return run.tls();
    }

    /** A handshake completed: the first one's agreement is the run's (see {@link TlsTally}). */
    void tlsAgreed(SslHandler ssl) {
        if (tls.first() == null) {
            tls.agreed(ClientTls.agreed(ssl));
        }
    }

    /** A handshake failed: counted by reason in the measured part, and named should a connection never open. */
    void tlsFailed(String reason, PhaseStats phase) {
        if (phase == measured || named(measuredByName, phase)) { // a mix's request counts in its name's child
            tls.failed(reason);
        }
        connectError(reason);
    }

    private static boolean named(PhaseStats[] children, PhaseStats phase) {
        if (children != null) {
            for (PhaseStats child : children) {
                if (child == phase) {
                    return true;
                }
            }
        }
        return false;
    }

    /** This loop's TLS tally; read once it finished. */
    TlsTally tlsTally() {
        return tls;
    }

    RequestTemplate template() {
        return run.template();
    }

    /** HTTP/2 runs: the request every stream sends. */
    H2Request h2Request() {
        return run.h2();
    }

    boolean keepAlive() {
        return run.spec().keepAlive();
    }

    boolean openModel() {
        return schedule != null;
    }

    /** Keeps the first cause of a failed connect, to name it should connections never open. */
    void connectError(Throwable cause) {
        if (firstConnectError == null) {
            firstConnectError = ConnectionCounts.describe(cause);
        }
    }

    /** As {@link #connectError(Throwable)}, for a reason already in words. */
    void connectError(String why) {
        if (firstConnectError == null) {
            firstConnectError = ConnectionCounts.describe(why);
        }
    }

    /** This loop's connections, counted when it finished (zeros before). */
    ConnectionCounts connections() {
        return new ConnectionCounts(connections.length, established, neverOpened, firstConnectError);
    }

    /** Open model: this loop's measured part against its schedule, once it finished ({@link ScheduleCounts#NONE} before). */
    ScheduleCounts scheduled() {
        return scheduled;
    }

    /** HTTP/2 runs: what this loop's streams did, once it finished (null before, and for HTTP/1.1). */
    H2Stats h2() {
        return h2Done;
    }

    void connectionOpened() {
        OPEN.setRelease(this, open + 1);
    }

    void connectionClosed() {
        OPEN.setRelease(this, open - 1);
    }

    /** Any thread: connections open now. */
    int activeConnections() {
        return (int) OPEN.getAcquire(this);
    }
}
