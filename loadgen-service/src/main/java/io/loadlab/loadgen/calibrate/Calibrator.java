package io.loadlab.loadgen.calibrate;

import io.loadlab.common.cpu.ProcessCpu;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.Runs;
import io.loadlab.loadgen.udp.throughput.UdpThroughputSpec;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The calibration procedure: starts a {@link LoopbackResponder} and a {@link UdpEcho}, drives each
 * {@link Shape} at them as an ordinary run through {@link Runs} (closed model, flat out) under the job that owns
 * the active-job slot, and reads the rate and the CPU per request of each. Blocks until done.
 * <p>
 * CPU is the JVM's process CPU time between the first poll after the warm-up and the run's end, less what the
 * responders' own threads used in that window, over the requests the run measured. Polls come every 50 ms, so the
 * window and the measured part differ by at most that: under 2% of the default 3 s.
 */
public final class Calibrator {

    private static final byte[] BODY = "{\"ok\":true}".getBytes(StandardCharsets.US_ASCII);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** sockperf's default message size, so the UDP figure compares with {@code bench/udp-vs-sockperf.sh}. */
    private static final int UDP_MESSAGE = 64;

    private final Runs runs;
    private final RunKinds kinds;

    public Calibrator(Runs runs, RunKinds kinds) {
        this.runs = runs;
        this.kinds = kinds;
    }

    /**
     * @param owner     the job holding the active-job slot, whose runs these are
     * @param started   told each run's id as it starts
     * @param cancelled polled; when true the current run is cancelled and the calibration stops
     * @return the measurements, one per shape measured in full (fewer when cancelled: the run it stopped is not one)
     * @throws IOException when a responder cannot bind on 127.0.0.1
     */
    public List<Measurement> measure(CalibrationSpec spec, ActiveJob.Job owner, Consumer<String> started,
                                     BooleanSupplier cancelled) throws IOException, InterruptedException {
        List<Measurement> out = new ArrayList<>();
        try (LoopbackResponder http = LoopbackResponder.start(1, BODY); UdpEcho udp = UdpEcho.start()) {
            for (Shape shape : Shape.values()) {
                if (cancelled.getAsBoolean()) {
                    break;
                }
                RunSpec run = switch (shape) {
                    case HTTP_KEEP_ALIVE, HTTP_CLOSE -> new HttpRunSpec(http.uri(), "GET", Map.of(), null,
                            spec.connections(), spec.threads(), spec.duration(), spec.warmup(), 0,
                            shape == Shape.HTTP_KEEP_ALIVE, Duration.ofSeconds(2));
                    case UDP -> new UdpThroughputSpec(udp.uri(), UDP_MESSAGE, 0, spec.duration(), spec.warmup(), null);
                };
                int loops = shape == Shape.UDP ? 1 : spec.threads();
                Measurement m = measure(shape, run, loops, owner, started, cancelled,
                        () -> shape == Shape.UDP ? udp.received() : http.answered());
                if (m == null) {
                    break;
                }
                out.add(m);
            }
        }
        return out;
    }

    private Measurement measure(Shape shape, RunSpec spec, int loops, ActiveJob.Job owner, Consumer<String> started,
                                BooleanSupplier cancelled, java.util.function.LongSupplier answered)
            throws InterruptedException {
        RunRecord run = runs.start(spec, owner);
        started.accept(run.id());
        long[] from = null;
        while (!run.state().finished()) {
            if (cancelled.getAsBoolean()) {
                runs.cancel(run.id());
            }
            Optional<LoadRun> live = runs.live(run.id());
            if (from == null && live.isPresent() && !live.get().progress().warmingUp()) {
                from = cpu();
            }
            TimeUnit.NANOSECONDS.sleep(POLL_NANOS);
            run = runs.find(run.id()).orElseThrow(() -> new IllegalStateException("run vanished"));
        }
        long[] to = cpu();
        if (run.state() == RunState.CANCELLED && cancelled.getAsBoolean()) {
            return null; // stopped as asked: its partial figures stay in its run record, the shapes before it count
        }
        if (run.state() != RunState.COMPLETED) {
            throw new IllegalStateException("calibration run " + run.id() + " for " + shape + " "
                    + run.state().json() + (run.failure() == null ? "" : ": " + run.failure()));
        }
        CellFigures f = kinds.figures(run).orElseThrow(() -> new IllegalStateException("no figures"));
        double perSecond = f.requestsPerSecond();
        long counted = f.attempts() - f.errors();
        Double cpuMicros = from == null || from[0] < 0 || counted == 0 ? null
                : ((to[0] - from[0]) - (to[1] - from[1])) / 1e3 / counted;
        return new Measurement(shape, run.id(), loops, perSecond, cpuMicros, counted, answered.getAsLong());
    }

    /** {process CPU ns, the responders' threads' CPU ns}; -1 for the process where the platform cannot tell. */
    private static long[] cpu() {
        long process = ProcessCpu.totalNanos();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long responders = 0;
        if (threads.isThreadCpuTimeSupported()) {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith(LoopbackResponder.THREAD_PREFIX) || t.getName().equals(UdpEcho.THREAD)) {
                    responders += Math.max(0, threads.getThreadCpuTime(t.getId()));
                }
            }
        }
        return new long[]{process, responders};
    }
}
