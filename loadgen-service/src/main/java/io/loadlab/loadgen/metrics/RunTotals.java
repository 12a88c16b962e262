package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunProgress;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Cumulative figures across runs: what finished runs added, plus the live runs' progress now.
 * Counters built on it never go backwards, even if a run's final snapshot were below a live reading.
 */
final class RunTotals {

    private final Map<String, LoadRun> live = new LinkedHashMap<>();
    private final Map<String, Double> finished = new LinkedHashMap<>();
    private final Map<String, Double> highWater = new LinkedHashMap<>();

    synchronized void started(String id, LoadRun run) {
        live.put(id, run);
    }

    /** Folds the run's last snapshot into the finished totals, for each named figure. */
    synchronized void finished(String id, RunProgress last, Map<String, ToDoubleFunction<RunProgress>> figures) {
        if (live.remove(id) == null || last == null) {
            return;
        }
        figures.forEach((name, f) -> finished.merge(name, f.applyAsDouble(last), Double::sum));
    }

    /** A counter's value: finished runs plus live ones, never below what was answered before. */
    synchronized double total(String name, ToDoubleFunction<RunProgress> figure) {
        double now = finished.getOrDefault(name, 0.0) + sumLive(figure);
        double answered = Math.max(now, highWater.getOrDefault(name, 0.0));
        highWater.put(name, answered);
        return answered;
    }

    /** A gauge's value over the live runs; 0 when none is active. */
    synchronized double sumLive(ToDoubleFunction<RunProgress> figure) {
        double sum = 0;
        for (LoadRun r : live.values()) {
            sum += figure.applyAsDouble(r.progress());
        }
        return sum;
    }

    /** The first live run's progress, or null when idle. */
    synchronized RunProgress firstLive() {
        return live.isEmpty() ? null : live.values().iterator().next().progress();
    }

    synchronized int active() {
        return live.size();
    }
}
