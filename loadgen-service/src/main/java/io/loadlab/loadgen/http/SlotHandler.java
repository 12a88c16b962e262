package io.loadlab.loadgen.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * The pipeline's last handler (after the SslHandler over TLS): forwards one channel's events to its {@link ConnectionSlot}, tagged
 * with itself so the slot can ignore late events from a channel it has already replaced.
 */
final class SlotHandler extends ChannelInboundHandlerAdapter {

    private final ConnectionSlot slot;

    SlotHandler(ConnectionSlot slot) {
        this.slot = slot;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf buf = (ByteBuf) msg;
        try {
            slot.onRead(this, buf);
        } finally {
            buf.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        slot.onInactive(this);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        slot.onError(this, cause);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof SslHandshakeCompletionEvent handshake) {
            slot.onHandshake(this, handshake);
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }
}
