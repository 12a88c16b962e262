package io.loadlab.loadgen.iperf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * One iperf report of a test spread over agents, from each agent's own report of its test, combined as iperf3
 * combines its streams ({@link StreamSums}): per direction, every agent's streams listed (each keeps its own iperf3
 * id and figures) and summed, and the per-second intervals added by index (the agents' tests start at one agreed
 * instant, so interval k is the same second everywhere).
 * <p>Each agent times its own test, a few milliseconds apart (3.0004 s against 3.0011 s), where iperf3's streams share
 * one end time. A sum's (and an interval's) seconds are therefore the ones over which the summed bytes give the sum
 * of the parts' rates, {@code Σ bytes / Σ (bytes_i / seconds_i)}: merged bits per second = Σ the agents' exactly.
 * <p>CPU: {@code local} is the agents' processes together, in percent of one CPU (three agents at 40% read 120%;
 * each agent's own stays in its part's report). {@code remote} is the highest of the parts': every test reads the one
 * server process (the target reads its whole process) over nearly the same window, so adding them would count that
 * process once per agent, and a test the server refused reads 0.
 * <p>A part that delivered no report, or one with an error, makes the merged report carry an error naming it by its
 * place in the run's agents ({@code agents[1]}), with every delivered part's figures kept.
 */
final class IperfMerge {

    private IperfMerge() {
    }

    /** @return empty when no agent delivered a report: there is nothing of iperf's own to show */
    static Optional<IperfReport> merge(IperfSpec whole, List<IperfReport> parts) {
        List<IperfReport> delivered = parts.stream().filter(Objects::nonNull).toList();
        if (delivered.isEmpty()) {
            return Optional.empty();
        }
        List<DirectionReport> directions = new ArrayList<>();
        for (DirectionReport first : delivered.get(0).directions()) {
            String name = first.direction();
            directions.add(direction(whole, name, delivered.stream()
                    .flatMap(r -> r.directions().stream().filter(d -> d.direction().equals(name))).toList()));
        }
        IperfReport.CpuUtilisation local = new IperfReport.CpuUtilisation(
                sum(delivered, c -> c.total()), sum(delivered, c -> c.user()), sum(delivered, c -> c.system()));
        IperfReport.CpuUtilisation remote = delivered.stream().map(IperfReport::remote)
                .max(Comparator.comparingDouble(IperfReport.CpuUtilisation::total)).orElseThrow();
        return Optional.of(new IperfReport(whole, directions, local, remote, error(parts)));
    }

    private static DirectionReport direction(IperfSpec whole, String name, List<DirectionReport> parts) {
        List<StreamFigures> streams = parts.stream().flatMap(d -> d.streams().stream()).toList();
        List<StreamFigures> sums = parts.stream().map(DirectionReport::sum).toList();
        double seconds = rateSeconds(sums, StreamFigures::receivedBytes, StreamFigures::seconds);
        return new DirectionReport(name, streams, StreamSums.sum(whole.protocol(), streams, seconds), intervals(parts));
    }

    private static List<IntervalFigures> intervals(List<DirectionReport> parts) {
        int longest = parts.stream().mapToInt(d -> d.intervals().size()).max().orElse(0);
        List<IntervalFigures> merged = new ArrayList<>(longest);
        for (int k = 0; k < longest; k++) {
            int index = k;
            List<IntervalFigures> same = parts.stream().filter(d -> d.intervals().size() > index)
                    .map(d -> d.intervals().get(index)).toList();
            double start = same.stream().mapToDouble(IntervalFigures::start).min().orElseThrow();
            double seconds = rateSeconds(same, IntervalFigures::bytes, i -> i.end() - i.start());
            merged.add(new IntervalFigures(start, start + seconds, same.stream().mapToLong(IntervalFigures::bytes).sum()));
        }
        return merged;
    }

    /**
     * {@code Σ bytes / Σ (bytes_i / seconds_i)}: the time over which the summed bytes make the summed rate; the
     * longest part's time when no bytes moved (any time gives 0 then).
     */
    private static <T> double rateSeconds(List<T> parts, ToLongFunction<T> bytes, ToDoubleFunction<T> seconds) {
        long total = 0;
        double rate = 0;
        double longest = 0;
        for (T p : parts) {
            double s = seconds.applyAsDouble(p);
            longest = Math.max(longest, s);
            if (s > 0) {
                total += bytes.applyAsLong(p);
                rate += bytes.applyAsLong(p) / s;
            }
        }
        return rate > 0 ? total / rate : longest;
    }

    private static double sum(List<IperfReport> parts, ToDoubleFunction<IperfReport.CpuUtilisation> figure) {
        return parts.stream().mapToDouble(r -> figure.applyAsDouble(r.local())).sum();
    }

    /** Null when every part delivered a complete test; else each failed part's, by its place among the agents. */
    private static String error(List<IperfReport> parts) {
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            IperfReport r = parts.get(i);
            if (r == null) {
                errors.add("agents[" + i + "]: delivered no report");
            } else if (r.error() != null) {
                errors.add("agents[" + i + "]: " + r.error());
            }
        }
        return errors.isEmpty() ? null : String.join("; ", errors);
    }
}
