package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.SeedStreams;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.Http2Headers;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * One request slot's way through a {@link RequestMix}: which entry each request is (the weighted cycle from the
 * slot's seeded offset, one position per request) and which values fill it (one draw per placeholder per request,
 * so every occurrence in a request gets the same value), rendered into the slot's own buffer. Confined to the
 * slot's event loop; nothing is allocated per request, except when the previous request's bytes are still queued
 * (then a one-off buffer, as {@link RequestTemplate#view()} does).
 */
final class MixCursor {

    private final RequestMix mix;
    private final SplittableRandom stream;
    private final int[] chosen;
    /** By entry: the views of static entries' bytes, null for templated ones. */
    private final ByteBuf[] views;
    /**
     * The slot's reusable buffer for templated entries; unreleasable, so the network's release after a write keeps it.
     * Grown to the longest request the slot has rendered, not sized to the longest any values could give: 32
     * placeholders of 8 KiB values would be 256 KiB a slot, 2.5 GB over 10,000 connections, for values most runs never
     * hold.
     */
    private ByteBuf own;
    private long position;
    /** What a slot's buffer starts with: a typical request with its values fits, and 10,000 slots hold 10 MB. */
    private static final int INITIAL_BYTES = 1024;

    MixCursor(RequestMix mix, int slot) {
        this.mix = mix;
        this.stream = SeedStreams.slot(mix.spec().seed(), slot);
        this.position = stream.nextInt(mix.sequence().length());
        this.chosen = new int[mix.values().length];
        this.views = new ByteBuf[mix.size()];
        for (int i = 0; i < views.length; i++) {
            MixEntry e = mix.entry(i);
            views[i] = e.fixed != null ? e.fixed.view() : e.fixedH2 != null && e.fixedH2.hasBody() ? e.fixedH2.bodyView() : null;
        }
        this.own = buffer(Math.min(INITIAL_BYTES, Math.max(mix.longestMessage(), mix.longestH2Body())));
    }

    /** A JDK direct buffer, freed by the GC (slots have no close of their own); wrapped, it starts full: cleared. */
    private static ByteBuf buffer(int size) {
        return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(size)).clear());
    }

    /** The entry of the next request; call once per request, before rendering it. */
    int next() {
        int entry = mix.sequence().entry(position++);
        for (int id : mix.draws(entry)) {
            chosen[id] = mix.values()[id].draw(stream);
        }
        return entry;
    }

    boolean head(int entry) {
        return mix.entry(entry).head;
    }

    /** HTTP/1.1: the bytes of {@code entry}'s request with the values drawn by {@link #next()}. */
    ByteBuf message(int entry) {
        MixEntry e = mix.entry(entry);
        if (e.fixed != null) {
            if (views[entry].isReadable()) {
                views[entry] = e.fixed.view(); // the previous write is still queued: never rewind bytes in use
            } else {
                views[entry].readerIndex(0);
            }
            return views[entry];
        }
        ByteBuf out = writable(e.message.length(chosen, mix.values()));
        e.message.render(out, chosen, mix.values());
        return out;
    }

    /** HTTP/2: the header block of {@code entry}'s request; shared for a static entry, never modify it. */
    Http2Headers headers(int entry) {
        MixEntry e = mix.entry(entry);
        return e.fixedH2 != null ? e.fixedH2.headers() : e.h2.headers(chosen, mix.values());
    }

    /** HTTP/2: the body of {@code entry}'s request, null for none. */
    ByteBuf body(int entry) {
        MixEntry e = mix.entry(entry);
        if (e.fixedH2 != null) {
            if (views[entry] == null) {
                return null;
            }
            if (views[entry].isReadable()) {
                views[entry] = e.fixedH2.bodyView();
            } else {
                views[entry].readerIndex(0);
            }
            return views[entry];
        }
        if (!e.h2.hasBody()) {
            return null;
        }
        ByteBuf out = writable(e.h2.bodyLength(chosen, mix.values()));
        e.h2.body(out, chosen, mix.values());
        return out;
    }

    /**
     * The slot's buffer, cleared and able to hold {@code size} bytes (grown when not, doubling, rarely); a one-off one,
     * freed by the network once written, while it still holds queued bytes.
     */
    private ByteBuf writable(int size) {
        if (own.isReadable()) {
            return Unpooled.directBuffer(size);
        }
        if (own.capacity() < size) {
            own = buffer(Math.max(size, 2 * own.capacity()));
        }
        return own.clear();
    }
}
