package io.loadlab.loadgen.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What one event loop counted and timed during one phase (warm-up or measured part).
 * Single writer, the owning event loop; any thread may read. Counters are plain longs published
 * with release stores: no atomic read-modify-write on the request path.
 */
public final class PhaseStats {

    private static final VarHandle COUNTS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int COUNTERS = Counter.values().length;

    private final long[] counts = new long[COUNTERS];
    private final LatencyRecorder latency;
    /** A child's parent: every count and latency written here is written there too; null for a loop's own. */
    private final PhaseStats parent;
    private final LatencyRecorder serviceTime;
    private final LatencyRecorder connect;
    private final LatencyRecorder handshake;

    /**
     * @param serviceTime record service times apart from latencies (the open model)
     * @param connect     record connect times (a connection per request)
     */
    public PhaseStats(boolean serviceTime, boolean connect) {
        this(serviceTime, connect, false);
    }

    /**
     * @param handshake record TLS handshake times (a TLS run), apart from request latency
     */
    public PhaseStats(boolean serviceTime, boolean connect, boolean handshake) {
        this.parent = null;
        this.latency = new LatencyRecorder();
        this.serviceTime = serviceTime ? new LatencyRecorder() : null;
        this.connect = connect ? new LatencyRecorder() : null;
        this.handshake = handshake ? new LatencyRecorder() : null;
    }

    private PhaseStats(PhaseStats parent) {
        this.parent = parent;
        this.latency = LatencyRecorder.resizing();
        this.serviceTime = null;
        this.connect = null;
        this.handshake = null;
    }

    /**
     * Stats of one part of this phase's requests (one name of a request mix), on the same loop and writer: what is
     * written to the child is written to this too, so the loop's totals never depend on how its requests are named.
     * A child keeps counters and latencies only (service, connect and handshake times go to this alone), in a
     * histogram that grows with the values seen: 32 names x loops x two phases of fixed 270 KiB histograms were
     * 100 MB on two loops.
     */
    public PhaseStats child() {
        if (parent != null) {
            throw new IllegalStateException("a child has no children");
        }
        return new PhaseStats(this);
    }

    /** Writer only. */
    public void add(Counter counter, long amount) {
        int i = counter.ordinal();
        COUNTS.setRelease(counts, i, counts[i] + amount);
        if (parent != null) {
            parent.add(counter, amount);
        }
    }

    /** Writer only. */
    public void increment(Counter counter) {
        add(counter, 1);
    }

    /** Any thread: the latest published value. */
    public long get(Counter counter) {
        return (long) COUNTS.getAcquire(counts, counter.ordinal());
    }

    /** Writer only: latency of one request, from its intended send time in the open model. */
    public void recordLatency(long nanos) {
        latency.record(nanos);
        if (parent != null) {
            parent.recordLatency(nanos);
        }
    }

    /** Writer only: latency from the actual send; ignored unless service times are kept. */
    public void recordServiceTime(long nanos) {
        if (parent != null) {
            parent.recordServiceTime(nanos);
        } else if (serviceTime != null) {
            serviceTime.record(nanos);
        }
    }

    /** Writer only: one TCP connect; ignored unless connect times are kept. */
    public void recordConnect(long nanos) {
        if (parent != null) {
            parent.recordConnect(nanos);
        } else if (connect != null) {
            connect.record(nanos);
        }
    }

    /** Writer only: one TLS handshake, from TCP established to its completion; ignored unless kept. */
    public void recordHandshake(long nanos) {
        if (parent != null) {
            parent.recordHandshake(nanos);
        } else if (handshake != null) {
            handshake.record(nanos);
        }
    }

    LatencyRecorder handshake() {
        return handshake;
    }

    LatencyRecorder latency() {
        return latency;
    }

    LatencyRecorder serviceTime() {
        return serviceTime;
    }

    LatencyRecorder connect() {
        return connect;
    }
}
