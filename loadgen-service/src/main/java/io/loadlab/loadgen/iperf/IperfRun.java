package io.loadlab.loadgen.iperf;

import io.loadlab.loadgen.engine.IntervalSeries;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.run.RunProgress;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One iperf test as a run: the test on a thread of its own (its streams have theirs), live bytes from its
 * counters, cancel ending the timed part early. The test bounds every wait on the server, so it always ends; a
 * cancelled test still exchanges results, so what was measured is kept.
 */
final class IperfRun implements LoadRun {

    private final ClientSession test;
    private final CompletableFuture<RunOutcome> done = new CompletableFuture<>();
    /**
     * The test's measured seconds, handed over when it ends ({@link IperfIntervals}), all kept whole: they come at
     * once, so no reader (a controller, for an agent's part) can have read any before, and without latencies they are
     * small (the empty histograms are one string shared by all).
     */
    private final IntervalSeries intervals = new IntervalSeries(IntervalSeries.DEFAULT_CAPACITY,
            IntervalSeries.DEFAULT_CAPACITY);
    private volatile boolean cancelled;

    private IperfRun(ClientSession test) {
        this.test = test;
    }

    static IperfRun start(ClientSession test, String threadName) {
        IperfRun run = new IperfRun(test);
        Thread t = new Thread(run::drive, threadName);
        t.setDaemon(true);
        t.start();
        return run;
    }

    private void drive() {
        try {
            IperfReport report = test.run();
            intervals.appendAll(IperfIntervals.of(report));
            done.complete(new RunOutcome(report, null, cancelled, report.error()));
        } catch (RuntimeException | Error e) {
            intervals.appendAll(java.util.List.of());
            done.complete(new RunOutcome(null, null, cancelled, "iperf test failed: " + e));
        }
    }

    /** {@code requests} is 0: an iperf test counts bytes, sent on up streams and received on down ones. */
    @Override
    public RunProgress progress() {
        double seconds = test.measuredSeconds();
        long sent = test.measuredBytes(true);
        long received = test.measuredBytes(false);
        return new RunProgress(seconds, !done.isDone() && test.warmingUp(), 0, 0, 0, sent, received,
                done.isDone() ? 0 : test.openStreams(), 0, null);
    }

    @Override
    public IntervalSeries intervals() {
        return intervals;
    }

    @Override
    public void cancel() {
        cancelled = true;
        test.cancel();
    }

    @Override
    public CompletionStage<RunOutcome> done() {
        return done;
    }
}
