package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.stats.Bootstrap;
import io.loadlab.loadgen.stats.Interval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * One cell (a target and a variant) over its repeats: the median and 95% bootstrap interval of its requests/s
 * and of its p99. Only repeats whose run completed count; {@code runs} names them all, in the order run.
 *
 * @param repeats           completed repeats the intervals rest on
 * @param requestsPerSecond median and interval, requests per second
 * @param p99Millis         median and interval, milliseconds
 * @param protocol          the cell's {@code protocols} entry; null (absent) without the axis
 */
public record CellStats(String target, int cores, String variant, int repeats, List<String> runs,
                        Interval requestsPerSecond, Interval p99Millis,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String protocol) {

    public CellStats {
        runs = List.copyOf(runs);
    }

    /** A cell of an experiment without a {@code protocols} axis. */
    public CellStats(String target, int cores, String variant, int repeats, List<String> runs,
                     Interval requestsPerSecond, Interval p99Millis) {
        this(target, cores, variant, repeats, runs, requestsPerSecond, p99Millis, null);
    }

    /** One entry per target, variant and protocol that has a completed run, in the order first run. */
    public static List<CellStats> of(List<CellResult> cells, Bootstrap bootstrap, RandomGenerator random) {
        Map<String, List<CellResult>> byCell = new LinkedHashMap<>();
        for (CellResult c : cells) {
            if ("completed".equals(c.runState())) {
                byCell.computeIfAbsent(c.target() + '\u0000' + c.variant() + '\u0000' + c.protocol(), k -> new ArrayList<>()).add(c);
            }
        }
        List<CellStats> out = new ArrayList<>();
        for (List<CellResult> repeats : byCell.values()) {
            CellResult first = repeats.get(0);
            double[] rps = repeats.stream().mapToDouble(CellResult::requestsPerSecond).toArray();
            double[] p99 = repeats.stream().mapToDouble(CellResult::p99Millis).toArray();
            out.add(new CellStats(first.target(), first.cores(), first.variant(), repeats.size(),
                    repeats.stream().map(CellResult::runId).toList(), bootstrap.median(rps, random),
                    bootstrap.median(p99, random), first.protocol()));
        }
        return out;
    }

    /**
     * Whether this cell's requests/s differs from {@code other}'s beyond the noise: "not significant" when their
     * intervals overlap, "unknown" when either rests on one run (no spread known), else "significant".
     */
    public String differenceFrom(CellStats other) {
        return Significance.of(requestsPerSecond, other.requestsPerSecond);
    }
}
