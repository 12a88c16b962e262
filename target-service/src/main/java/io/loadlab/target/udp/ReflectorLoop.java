package io.loadlab.target.udp;

import io.loadlab.common.sockperf.SockperfHeader;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;

/**
 * One receiving socket and the thread that owns it: a blocking receive, the datagram handed to its
 * {@link DatagramIntake}, and for a pong request the same buffer sent back. One direct buffer for the
 * socket's life, no locks: what sockperf's server does, and cheaper than an event loop for a single busy
 * socket. Ends when its channel is closed; an exception out of the intake would end it too, which is
 * what {@code DatagramIntakeFuzzTest} guards against.
 */
final class ReflectorLoop implements Runnable {

    private static final Logger LOG = Logger.getLogger(ReflectorLoop.class);

    private final DatagramChannel channel;
    private final ReflectorStats stats;
    private final DatagramIntake intake;
    /** One byte more than the largest datagram, so an oversized one would show as a wrong length, not a silent cut. */
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(SockperfHeader.MAX_MESSAGE + 1);

    ReflectorLoop(DatagramChannel channel, ReflectorStats stats, int maxSenders) {
        this.channel = channel;
        this.stats = stats;
        this.intake = new DatagramIntake(stats, maxSenders);
    }

    @Override
    public void run() {
        try {
            while (true) {
                buffer.clear();
                SocketAddress sender = channel.receive(buffer);
                int size = buffer.position();
                if (intake.take(sender, buffer, size)) {
                    reply(sender, size);
                }
            }
        } catch (ClosedChannelException stopped) {
            // The reflector closed the channel to stop this thread: the normal end.
        } catch (IOException | RuntimeException e) {
            LOG.errorf(e, "UDP reflector socket %s stopped receiving", channel);
        }
    }

    /** Sends back the pong {@link DatagramIntake#take} left in the buffer. */
    private void reply(SocketAddress sender, int size) throws ClosedChannelException {
        buffer.flip();
        try {
            if (channel.send(buffer, sender) == size) {
                stats.increment(ReflectorCounter.REPLIES);
                stats.add(ReflectorCounter.REPLY_BYTES, size);
            } else {
                stats.increment(ReflectorCounter.REPLY_ERRORS);
            }
        } catch (ClosedChannelException stopping) {
            throw stopping;
        } catch (IOException e) {
            // e.g. ICMP port unreachable from an earlier reply: the peer is gone, this datagram is lost.
            stats.increment(ReflectorCounter.REPLY_ERRORS);
        }
    }
}
