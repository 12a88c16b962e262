package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.PhaseStats;
import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.engine.RunTimeline;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The one thread that drives a UDP run's socket, as sockperf's client does: patch the sequence number,
 * send, and where pongs are asked for, read them on the same thread. Throughput uses a blocking socket
 * (a full send buffer waits instead of spinning); the pong kinds a non-blocking one read first by
 * spinning briefly (a loopback pong arrives within microseconds) and then through a selector with a
 * timeout, so a silent peer costs a timeout per ping, never a hang. No locks, no allocation per message.
 */
final class UdpLoop {

    /** A ping whose pong has not come back within this is given up (counted dropped unless it arrives later). */
    static final long PONG_TIMEOUT_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    /** After the end, how long pongs still in flight are waited for. */
    static final long DRAIN_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private final UdpRunSpec spec;
    private final DatagramChannel channel;
    private final Selector selector;
    private final NanoClock clock;
    private final RunTimeline timeline;
    private final PhaseStats warmup;
    private final PhaseStats measured;
    private final RateSchedule schedule;
    private final BooleanSupplier cancelled;
    private final SockperfMessage message;
    private final PongBook pongs;
    private final ByteBuffer in;

    /** @param selector null for throughput (blocking channel, no reads) */
    UdpLoop(UdpRunSpec spec, DatagramChannel channel, Selector selector, NanoClock clock, RunTimeline timeline,
            PhaseStats warmup, PhaseStats measured, BooleanSupplier cancelled) {
        this.spec = spec;
        this.channel = channel;
        this.selector = selector;
        this.clock = clock;
        this.timeline = timeline;
        this.warmup = warmup;
        this.measured = measured;
        this.cancelled = cancelled;
        this.schedule = spec.rate() > 0 ? RateSchedule.constant(timeline.startNanos(), spec.rate()) : null;
        this.message = new SockperfMessage(spec.messageSize());
        this.pongs = new PongBook(spec.replyEvery(), warmup, measured);
        this.in = selector == null ? null : ByteBuffer.allocateDirect(spec.messageSize() + 1);
    }

    /** Sends until the timeline ends or the run is cancelled, then waits briefly for pongs in flight. */
    void run() throws ClosedChannelException {
        long sequence = 0;
        long due = schedule == null ? 0 : schedule.next();
        int replyEvery = spec.replyEvery();
        while (true) {
            long now = clock.nanoTime();
            // With a rate, a message belongs to the phase of its intended time and every message due
            // before the end is sent, even late: a lag in the warm-up (JIT, a busy machine) then moves
            // no message into the measured part, and a lag at the end drops none from it.
            if (cancelled.getAsBoolean() || (schedule == null ? timeline.over(now) : due >= timeline.endNanos())) {
                break;
            }
            if (schedule != null && now < due) {
                await(due, false);
                continue;
            }
            sequence++;
            boolean pong = replyEvery > 0 && sequence % replyEvery == 0;
            boolean inWarmup = timeline.warmingUp(schedule == null ? now : due);
            PhaseStats phase = inWarmup ? warmup : measured;
            // The round trip starts before the send, as sockperf's does: on loopback the pong can be
            // queued before write() even returns, so a later timestamp would hide the send's own cost.
            long sentAt = clock.nanoTime();
            if (send(sequence, pong, phase)) {
                if (pong) {
                    pongs.sent(sequence, sentAt, inWarmup);
                }
                if (pong && spec.waitsForPong()) {
                    await(Math.min(clock.nanoTime() + PONG_TIMEOUT_NANOS, timeline.endNanos()), true);
                } else if (selector != null && pongs.waiting()) {
                    receive();
                }
            }
            if (schedule != null) {
                due = schedule.next();
            }
        }
        if (selector != null && pongs.waiting()) {
            await(clock.nanoTime() + DRAIN_NANOS, true);
        }
    }

    private boolean send(long sequence, boolean pong, PhaseStats phase) throws ClosedChannelException {
        try {
            ByteBuffer out = message.next(sequence, pong);
            while (channel.write(out) == 0) {
                awaitWritable();
            }
            phase.increment(Counter.SENT);
            phase.add(Counter.BYTES_SENT, message.size());
            return true;
        } catch (ClosedChannelException e) {
            throw e;
        } catch (IOException e) {
            // e.g. ICMP port unreachable reported on the connected socket: an error value, the run goes on
            phase.increment(Counter.READ_WRITE_ERRORS);
            return false;
        }
    }

    /**
     * Waits until {@code deadline}, reading pongs meanwhile when any is awaited; with
     * {@code untilAnswered}, returns as soon as none is awaited any more.
     */
    private void await(long deadline, boolean untilAnswered) throws ClosedChannelException {
        long spinUntil = clock.nanoTime() + SPIN_NANOS;
        while (true) {
            if (selector != null && pongs.waiting()) {
                receive();
            }
            if (untilAnswered && !pongs.waiting()) {
                return;
            }
            long now = clock.nanoTime();
            if (now >= deadline || cancelled.getAsBoolean()) {
                return;
            }
            if (now < spinUntil) {
                Thread.onSpinWait();
            } else if (selector != null && pongs.waiting()) {
                select(SelectionKey.OP_READ, deadline - now);
            } else {
                LockSupport.parkNanos(Math.min(deadline - now, SPIN_NANOS));
            }
        }
    }

    /** Reads every pong already queued, without blocking. */
    private void receive() throws ClosedChannelException {
        try {
            while (true) {
                in.clear();
                int n = channel.read(in);
                if (n <= 0) {
                    return;
                }
                long now = clock.nanoTime();
                if (!message.isPong(in, n) || !pongs.received(SockperfMessage.sequence(in), n, now)) {
                    (timeline.warmingUp(now) ? warmup : measured).increment(Counter.READ_WRITE_ERRORS);
                }
            }
        } catch (ClosedChannelException e) {
            throw e;
        } catch (IOException e) {
            measured.increment(Counter.READ_WRITE_ERRORS);
        }
    }

    private void awaitWritable() throws ClosedChannelException {
        if (selector == null) {
            Thread.onSpinWait();
            return;
        }
        select(SelectionKey.OP_WRITE, PONG_TIMEOUT_NANOS);
    }

    private void select(int interest, long timeoutNanos) throws ClosedChannelException {
        SelectionKey key = channel.keyFor(selector);
        key.interestOps(interest);
        try {
            selector.select(k -> { }, Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeoutNanos)));
        } catch (ClosedChannelException e) {
            throw e;
        } catch (IOException e) {
            measured.increment(Counter.READ_WRITE_ERRORS);
        } finally {
            if (key.isValid()) {
                key.interestOps(SelectionKey.OP_READ);
            }
        }
    }
}
