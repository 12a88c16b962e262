package io.loadlab.loadgen.udp;

import io.loadlab.common.sockperf.SockperfHeader;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.PhaseStats;
import io.loadlab.loadgen.engine.RunTimeline;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.unix.SegmentedDatagramPacket;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * A throughput run flat out (no rate, no pongs) sent in batches with UDP segmentation offload: one {@code sendmsg}
 * through Netty's epoll {@link EpollDatagramChannel} carries up to {@value #MAX_SEGMENTS} messages, which the kernel
 * sends as that many datagrams, each with its own sequence number stamped in one batch buffer. A message sent one
 * {@code write} at a time spent 84% of the loop in the syscall ({@code bench/profile.sh udp}); a standalone probe
 * here sent 2.12 M msg/s of 64 B this way against 0.56 M one at a time (1.21 M vs 0.51 M at 1472 B), a reader
 * draining them. Counts stay exact: a batch the kernel took counts all its messages sent, one it refused counts
 * them all as errors, never sent; a message's phase is that of its batch's send time.
 *
 * <p>Used only where it is sure to work ({@link #open} answers null otherwise and the run sends one at a time): the
 * native transport loaded, the kernel with UDP GSO, two messages or more per batch, and a message that fits the
 * outgoing interface's MTU unfragmented (the kernel refuses a segment bigger than the path's MTU with EINVAL).
 * The loop runs on one event loop of its own, as {@link UdpLoop} runs on a thread of its own; the channel is made by
 * constructor reference, not reflection, for native images.
 */
final class GsoLoop implements AutoCloseable {

    /** The kernel's UDP_MAX_SEGMENTS before Linux 6.9 raised it to 128: the most one send may carry everywhere. */
    static final int MAX_SEGMENTS = 64;
    /** One IP datagram's most payload bytes, less room for options: what a batch's bytes stay under. */
    private static final int MAX_BATCH_BYTES = 65_000;
    /** Batches sent before the loop lets its event loop run other tasks (the close): 1,024 messages of 64 B. */
    private static final int BATCHES_PER_TURN = 16;
    /** How long {@link #close} waits for the event loop's thread to end. */
    private static final long TERMINATION_MILLIS = 2_000;

    private final EventLoopGroup group;
    private final Channel channel;
    private final InetSocketAddress peer;
    private final int size;
    private final int segments;
    private final ByteBuf batch;
    private final ByteBuffer[] messages;
    /** Set by {@link #run} before its first turn is queued (the queue hands them to the event loop); then read only there. */
    private NanoClock clock;
    private RunTimeline timeline;
    private PhaseStats warmup;
    private PhaseStats measured;
    private BooleanSupplier cancelled;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final ChannelFutureListener resume = this::resumed;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The phase of the batch a pending write carries; touched only on the event loop. */
    private PhaseStats pending;
    private long sequence;
    /** What stopped the loop on its event loop; null when it ended as it should. */
    private volatile Throwable failure;

    private GsoLoop(EventLoopGroup group, Channel channel, InetSocketAddress peer, int size) {
        this.group = group;
        this.channel = channel;
        this.peer = peer;
        this.size = size;
        this.segments = segments(size);
        this.batch = Unpooled.directBuffer(segments * size);
        this.batch.writerIndex(segments * size);
        ByteBuffer whole = batch.nioBuffer(0, segments * size);
        this.messages = new ByteBuffer[segments];
        for (int i = 0; i < segments; i++) {
            messages[i] = whole.slice(i * size, size);
            SockperfHeader.put(messages[i], 0, SockperfHeader.CLIENT, size);
        }
    }

    /** Messages of {@code size} bytes one batch carries. */
    static int segments(int size) {
        return Math.min(MAX_SEGMENTS, MAX_BATCH_BYTES / size);
    }

    /**
     * A connected batch sender for a flat-out throughput run to {@code peer}, or null where batches cannot be sent
     * (see the class comment): the caller then sends one message at a time.
     */
    static GsoLoop open(UdpRunSpec spec, InetSocketAddress peer, int socketBufferBytes, String threadName)
            throws IOException {
        if (spec.replyEvery() != 0 || spec.rate() > 0 || segments(spec.messageSize()) < 2 || !Epoll.isAvailable()
                || !EpollDatagramChannel.isSegmentedDatagramPacketSupported()) {
            return null;
        }
        EventLoopGroup group = new EpollEventLoopGroup(1, new DefaultThreadFactory(threadName, true));
        Channel channel = null;
        try {
            ChannelFuture connected = new Bootstrap().group(group).channelFactory(EpollDatagramChannel::new)
                    .option(ChannelOption.SO_SNDBUF, socketBufferBytes)
                    .option(ChannelOption.AUTO_READ, false) // nothing comes back on a throughput run
                    .handler(new Quiet())
                    .connect(peer).awaitUninterruptibly();
            if (!connected.isSuccess()) {
                throw new IOException("cannot connect a UDP socket to " + peer + ": " + connected.cause(), connected.cause());
            }
            channel = connected.channel();
            if (!fitsMtu(spec.messageSize(), (InetSocketAddress) channel.localAddress())) {
                channel.close().awaitUninterruptibly();
                group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
                return null;
            }
            return new GsoLoop(group, channel, peer, spec.messageSize());
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** True when a message and its IP and UDP headers fit the MTU of the interface the socket sends from. */
    static boolean fitsMtu(int size, InetSocketAddress local) throws SocketException {
        NetworkInterface nic = NetworkInterface.getByInetAddress(local.getAddress());
        int headers = (local.getAddress() instanceof Inet6Address ? 40 : 20) + 8;
        return nic != null && size + headers <= nic.getMTU();
    }

    /**
     * Sends until the timeline ends or the run is cancelled; returns once the last batch is written or refused, and
     * throws what stopped the loop on its event loop (an Error there must end the run, not leave it to the watchdog).
     */
    void run(NanoClock clock, RunTimeline timeline, PhaseStats warmup, PhaseStats measured, BooleanSupplier cancelled)
            throws InterruptedException {
        this.clock = clock;
        this.timeline = timeline;
        this.warmup = warmup;
        this.measured = measured;
        this.cancelled = cancelled;
        channel.eventLoop().execute(this::turn);
        ended.await();
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
    }

    private void turn() {
        try {
            sendBatches();
        } catch (Throwable t) { // on the event loop nothing else would see it: the run would wait for its watchdog
            failure = t;
            ended.countDown();
        }
    }

    private void sendBatches() {
        for (int b = 0; b < BATCHES_PER_TURN; b++) {
            long now = clock.nanoTime();
            if (cancelled.getAsBoolean() || timeline.over(now) || !channel.isActive()) {
                ended.countDown();
                return;
            }
            PhaseStats phase = timeline.warmingUp(now) ? warmup : measured;
            for (ByteBuffer m : messages) {
                SockperfHeader.restamp(m, ++sequence, SockperfHeader.CLIENT);
            }
            ChannelFuture written = channel.writeAndFlush(new SegmentedDatagramPacket(batch.retain(), size, peer));
            if (!written.isDone()) { // the socket's buffer is full: go on once this batch is out
                pending = phase;
                written.addListener(resume);
                return;
            }
            count(written, phase);
        }
        channel.eventLoop().execute(this::turn);
    }

    private void resumed(ChannelFuture written) {
        count(written, pending);
        turn();
    }

    private void count(ChannelFuture written, PhaseStats phase) {
        if (written.isSuccess()) {
            phase.add(Counter.SENT, segments);
            phase.add(Counter.BYTES_SENT, (long) segments * size);
        } else {
            // e.g. ICMP port unreachable reported on the connected socket: none of the batch went out
            phase.add(Counter.READ_WRITE_ERRORS, segments);
        }
    }

    /**
     * Closes the socket and its event loop, once (the run's end and its watchdog may both call it); a loop still
     * sending sees the channel inactive and ends, and {@link #run} returns.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        channel.close().addListener(f -> {
            batch.release();
            ended.countDown();
        });
        group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
        if (!channel.eventLoop().inEventLoop()) {
            // the run ends with its thread gone, not after it: bounded, a loop ends its turn within 16 batches
            group.terminationFuture().awaitUninterruptibly(TERMINATION_MILLIS);
        }
    }

    /** Drops what a throughput socket may read and the errors its reads report: sends count their own. */
    private static final class Quiet extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            io.netty.util.ReferenceCountUtil.release(msg);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // the next send reports the same error, counted there
        }
    }
}
