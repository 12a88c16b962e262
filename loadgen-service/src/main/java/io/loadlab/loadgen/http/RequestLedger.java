package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;
import io.netty.buffer.ByteBuf;

/**
 * The bookkeeping an HTTP/1.1 connection slot keeps whatever carries its bytes (a Netty channel,
 * {@link ConnectionSlot}, or a raw socket, {@link ShortConnectionSlot}): the request begun (its phase, intended and
 * sent times, its mix entry), its bytes, and the connection's accounting (tried, opened, given up). Every request
 * begun ends exactly once through {@link #end()}, which tells the loop. Confined to the slot's event loop.
 */
final class RequestLedger {

    private final LoopDriver loop;
    /** The way through the run's mix; null for the one-request form, which writes {@link RequestTemplate}'s view. */
    private final MixCursor mix;
    private int entry;
    private ByteBuf request;
    private boolean pending;
    /** Tried to connect at least once / held an open connection at least once: the run's connection accounting. */
    private boolean tried;
    private boolean opened;
    /** No socket could be made for it: left down for the rest of the run. */
    private boolean givenUp;
    private long intendedNanos;
    private long sentNanos;
    /** The phase of the request in flight: of its intended time in the open model, of its start in the closed. */
    private PhaseStats phase;

    RequestLedger(LoopDriver loop, int index) {
        this.loop = loop;
        this.request = loop.template().view();
        this.mix = loop.cursor(index);
    }

    /** A request intended at {@code intendedNanos} is begun: its phase (and mix entry) chosen now. */
    void begin(long intendedNanos) {
        this.intendedNanos = intendedNanos;
        if (mix == null) {
            this.phase = loop.phaseOf(intendedNanos);
        } else {
            entry = mix.next();
            this.phase = loop.phaseOf(intendedNanos, entry);
        }
        pending = true;
    }

    boolean pending() {
        return pending;
    }

    /**
     * The begun request's bytes, ready to write from their reader index, and {@code parser} told what answer to
     * expect. A buffer still being written is never rewound: a fresh view of the same bytes is taken instead.
     */
    ByteBuf prepare(ResponseParser parser) {
        if (mix != null) {
            request = mix.message(entry);
            parser.expect(mix.head(entry));
        } else {
            if (request.isReadable()) {
                request = loop.template().view();
            } else {
                request.readerIndex(0);
            }
            parser.expect(loop.template().head());
        }
        return request;
    }

    /** The prepared request goes out now: counted as sent, with its bytes. */
    void sent(long now) {
        sentNanos = now;
        PhaseStats stats = phase;
        stats.increment(Counter.SENT);
        stats.add(Counter.BYTES_SENT, request.readableBytes());
    }

    long sentNanos() {
        return sentNanos;
    }

    /** Counts the begun request's answer (status, latency) in its phase; {@link #end()} follows. */
    void answered(int status, long now) {
        loop.answered(phase, status, intendedNanos, sentNanos, now);
    }

    /** Where an event at {@code now} counts: the request's own phase while one is begun, else the phase of the moment. */
    PhaseStats phase(long now) {
        return pending ? phase : loop.stats(now);
    }

    /** Ends the begun request, if any, telling the loop: once per request. */
    void end() {
        if (pending) {
            pending = false;
            loop.requestEnded();
        }
    }

    /** The run is over: a request in flight is abandoned (the driver counted it), not ended. */
    void abandon() {
        pending = false;
    }

    void tried() {
        tried = true;
    }

    void opened() {
        opened = true;
    }

    /** No descriptor is left for it: a connect error, and no more requests this run. */
    void giveUp() {
        tried = true;
        phase(loop.now()).increment(Counter.CONNECT_ERRORS);
        givenUp = true;
        end();
    }

    boolean givenUp() {
        return givenUp;
    }

    boolean everOpened() {
        return opened;
    }

    boolean neverOpened() {
        return tried && !opened;
    }
}
