package io.loadlab.loadgen.testkind;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.run.RunProgress;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One {@code test-datagrams} run: a thread of its own sends the spec's datagrams, one every
 * {@code duration / datagrams}, and completes with what it sent; a cancel stops it between two sends with a partial
 * report. A datagram the socket refuses is a failure, not a count.
 */
final class DatagramsRun implements LoadRun {

    private static final int PAYLOAD_BYTES = 16;

    private final DatagramsSpec spec;
    private final NanoClock clock;
    private final long startNanos;
    private final AtomicLong sent = new AtomicLong();
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final CompletableFuture<RunOutcome> done = new CompletableFuture<>();

    DatagramsRun(DatagramsSpec spec, NanoClock clock) {
        this.spec = spec;
        this.clock = clock;
        this.startNanos = clock.nanoTime();
        Thread sender = new Thread(this::send, "test-datagrams");
        sender.setDaemon(true);
        sender.start();
    }

    private void send() {
        long gapNanos = spec.duration().toNanos() / spec.datagrams();
        String failure = null;
        try (DatagramChannel channel = DatagramChannel.open()) {
            InetSocketAddress to = new InetSocketAddress(spec.target().getHost(), spec.target().getPort());
            for (int i = 0; i < spec.datagrams(); i++) {
                if (channel.send(ByteBuffer.allocate(PAYLOAD_BYTES), to) != PAYLOAD_BYTES) {
                    failure = "the socket refused datagram " + i;
                    break;
                }
                sent.incrementAndGet();
                if (cancelled.await(gapNanos, TimeUnit.NANOSECONDS)) {
                    break;
                }
            }
        } catch (IOException e) {
            failure = "sending to " + spec.target() + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        finish(failure);
    }

    private double seconds() {
        return (clock.nanoTime() - startNanos) / 1e9;
    }

    private void finish(String failure) {
        long count = sent.get();
        double seconds = seconds();
        List<SeriesPoint> points = new ArrayList<>();
        // one point for the whole run: the test's runs last under a second, and this kind keeps no intervals
        points.add(new SeriesPoint(0, count, 0, 0, 0, 0, null));
        done.complete(new RunOutcome(new DatagramsReport(count, seconds, new RunSeries(points)), null,
                cancelled.getCount() == 0, failure));
    }

    @Override
    public RunProgress progress() {
        double seconds = seconds();
        long count = sent.get();
        return new RunProgress(seconds, false, count, seconds > 0 ? count / seconds : 0, 0,
                count * PAYLOAD_BYTES, 0, 1, 0, LatencySummary.EMPTY);
    }

    @Override
    public void cancel() {
        cancelled.countDown();
    }

    @Override
    public CompletionStage<RunOutcome> done() {
        return done;
    }
}
