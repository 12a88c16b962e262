package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunListener;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The load generator in Prometheus terms ({@code loadgen_} prefix, seconds and bytes, no run ids).
 * Live meters read the active runs' progress when scraped. Each kind adds its own counters from its report
 * when a run ends ({@link io.loadlab.loadgen.run.RunKind#count}): live progress carries no breakdown.
 * Latency is {@link LatencyHistogramBinding}'s histogram; the last interval's quantiles of the first live run it
 * replaces (same name) could not be added across loadgens.
 */
@Startup
@ApplicationScoped
public class LoadgenMeters implements RunListener {

    private static final double MICROS_PER_SECOND = 1_000_000.0;
    private static final Map<String, ToDoubleFunction<RunProgress>> CUMULATIVE = Map.of(
            "responses", RunProgress::requests, "errors", RunProgress::errors,
            "sent", RunProgress::bytesSent, "received", RunProgress::bytesReceived, "handshakes", RunProgress::tlsHandshakes);

    private final MeterRegistry registry;
    private final RunTotals totals = new RunTotals();
    private final Counter started;
    private final RunKinds kinds;

    @Inject
    public LoadgenMeters(MeterRegistry registry, RunKinds kinds) {
        this.registry = registry;
        this.kinds = kinds;
        counter("loadgen.responses", "Requests answered, any status, all runs", "responses");
        counter("loadgen.errors", "Errors of every kind, all runs", "errors");
        counter("loadgen.bytes.sent", "Bytes written, all runs", "sent");
        counter("loadgen.bytes.received", "Bytes read, all runs", "received");
        gauge("loadgen.active.connections", "Open connections or sockets now", RunProgress::activeConnections);
        gauge("loadgen.requested.rate", "Requests per second asked for (open model), 0 when closed or idle", RunProgress::requestedRate);
        gauge("loadgen.achieved.rate", "Requests per second completed over the last interval", RunProgress::currentRate);
        Gauge.builder("loadgen.run.active", totals, RunTotals::active).description("Runs driving load now").register(registry);
        // names agreed with the Grafana panels (handshakes/s, handshake latency): do not rename
        counter("loadgen.tls.handshakes", "TLS handshakes completed in measured parts, all runs", "handshakes");
        handshake("50", LatencySummary::p50);
        handshake("99", LatencySummary::p99);
        started = Counter.builder("loadgen.runs.started").description("Runs started").register(registry);
        for (RunState s : new RunState[]{RunState.COMPLETED, RunState.FAILED, RunState.CANCELLED}) {
            finishedCounter(s);
        }
    }

    @Override
    public void started(RunRecord run, LoadRun live) {
        totals.started(run.id(), live);
        started.increment();
    }

    @Override
    public void finished(RunRecord run, RunProgress last) {
        totals.finished(run.id(), last, CUMULATIVE);
        finishedCounter(run.state()).increment();
        kinds.count(run);
    }

    private Counter finishedCounter(RunState state) {
        return Counter.builder("loadgen.runs.finished").tag("state", state.json())
                .description("Runs ended, by end state").register(registry);
    }

    private void counter(String name, String help, String figure) {
        FunctionCounter.builder(name, totals, t -> t.total(figure, CUMULATIVE.get(figure))).description(help).register(registry);
    }

    private void gauge(String name, String help, ToDoubleFunction<RunProgress> f) {
        Gauge.builder(name, totals, t -> t.sumLive(f)).description(help).register(registry);
    }

    /**
     * NaN when the active run speaks no TLS or completed no handshake in the last interval. Labelled {@code percentile},
     * not {@code quantile}: Prometheus keeps that label for summaries, and {@code promtool check metrics} flags it on a gauge.
     */
    private void handshake(String percentile, ToDoubleFunction<LatencySummary> f) {
        Gauge.builder("loadgen.tls.handshake.seconds", totals, t -> {
            RunProgress p = t.firstLive();
            return p == null || p.intervalHandshakes() == null ? Double.NaN
                    : f.applyAsDouble(p.intervalHandshakes()) / MICROS_PER_SECOND;
        }).tag("percentile", percentile).description("TLS handshake time over the last interval of the active run, apart from latency")
                .register(registry);
    }
}
