package io.loadlab.loadgen.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameListener;
import io.netty.handler.codec.http2.Http2Settings;

/**
 * Netty's HTTP/2 connection handler as a client that cancels streams needs it (an {@link H2Session}'s codec).
 * <ul>
 * <li>A frame for a stream of ours that is closed already is dropped quietly. Netty forgets a stream once its
 *     RST_STREAM is written, so every DATA frame the server had sent before it read a cancel (a timed-out request)
 *     was a "stream error" answered with an RST_STREAM(STREAM_CLOSED): against nginx answering 4 MiB, 1 connection x
 *     32 streams at a 100 ms timeout, hundreds of them a second. RFC 9113 5.1 says to ignore such frames, and nghttp2
 *     (h2load's engine) ignores any frame of a stream it has closed. The decoder has already counted a dropped DATA
 *     frame's bytes against the connection's window and given them back, so the window keeps moving.</li>
 * <li>No guard on the resets it sends itself. Netty's builder caps the RST_STREAMs its encoder writes (other than
 *     CANCEL and NO_ERROR) at 200 per 30 s for a server ("MadeYouReset"), and a builder given a ready connection
 *     takes itself for one: those STREAM_CLOSED resets tripped it, the client sent GOAWAY ENHANCE_YOUR_CALM to the
 *     server it measures and reconnected (in {@code H2CancelledStreamsTest}, 12 TCP connections for 1 and 352
 *     requests cut off as read/write errors).</li>
 * <li>No guard on the resets it receives either ({@code decoderEnforceMaxRstFramesPerWindow}, the same 200 per 30 s):
 *     the server's resets are what a run measures. With it on, a server resetting 2 streams in 5 had each connection
 *     torn down after 200, and 48 streams in flight were counted as read/write errors ({@code H2StreamResetTest}).</li>
 * </ul>
 */
final class H2ClientCodec extends Http2ConnectionHandler {

    private H2ClientCodec(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
        super(decoder, encoder, settings);
    }

    /** The codec of one client connection, frames going to {@code listener}. */
    static H2ClientCodec of(Http2Connection connection, Http2FrameListener listener, Http2Settings settings) {
        return new Builder().build(connection, listener, settings);
    }

    @Override
    protected void onStreamError(ChannelHandlerContext ctx, boolean outbound, Throwable cause,
                                 Http2Exception.StreamException error) {
        int id = error.streamId();
        if (!outbound && error.error() == Http2Error.STREAM_CLOSED && connection().stream(id) == null
                && connection().local().mayHaveCreatedStream(id)) {
            return; // a late frame of a stream of ours that is closed (cancelled, as a rule): nothing to answer
        }
        super.onStreamError(ctx, outbound, cause, error);
    }

    private static final class Builder extends AbstractHttp2ConnectionHandlerBuilder<H2ClientCodec, Builder> {

        H2ClientCodec build(Http2Connection connection, Http2FrameListener listener, Http2Settings settings) {
            return connection(connection)
                    .frameListener(listener)
                    .initialSettings(settings)
                    .gracefulShutdownTimeoutMillis(0) // closing at the run's end must not wait for streams
                    .decoderEnforceMaxRstFramesPerWindow(0, 0)
                    .encoderEnforceMaxRstFramesPerWindow(0, 0)
                    .build();
        }

        @Override
        protected H2ClientCodec build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder,
                                      Http2Settings settings) {
            return new H2ClientCodec(decoder, encoder, settings);
        }
    }
}
