package io.loadlab.loadgen.page;

import io.loadlab.loadgen.experiment.CellStats;
import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.experiment.ScalingRow;
import io.quarkus.qute.TemplateData;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One cell over its repeats, as the experiment page's repeats table shows it: the median and 95% interval of its
 * requests/s and p99 ({@link CellStats}), and in the report's own words ({@link CellStats#differenceFrom}, the
 * scaling's {@code vsSmallest}) whether its requests/s differs beyond the noise from the first variant on the same
 * target and from the smallest node of the same variant.
 *
 * @param requestsPerSecond the median as the JSON has it, for scripts
 * @param vsFirstVariant    against the first variant run on this target; null on that variant's own row
 * @param vsSmallest        against the smallest node of this variant; null on its own row or without scaling
 */
@TemplateData
public record RepeatRow(String target, String variant, int repeats, double requestsPerSecond, String rate,
                        String p99, String vsFirstVariant, String firstVariant, String vsSmallest) {

    static List<RepeatRow> of(ExperimentRecord x) {
        List<RepeatRow> rows = new ArrayList<>();
        for (CellStats c : x.stats()) {
            CellStats first = x.stats().stream().filter(o -> o.target().equals(c.target())).findFirst().orElse(c);
            String vsSmallest = x.scaling().stream().filter(s -> same(s, c)).map(ScalingRow::vsSmallest)
                    .filter(Objects::nonNull).findFirst().orElse(null);
            rows.add(new RepeatRow(c.target(), label(c.variant(), c.protocol()), c.repeats(), c.requestsPerSecond().median(),
                    Figure.interval("requestsPerSecond", c.requestsPerSecond()), Figure.interval("p99Millis", c.p99Millis()),
                    first == c ? null : c.differenceFrom(first), label(first.variant(), first.protocol()), vsSmallest));
        }
        return List.copyOf(rows);
    }

    private static boolean same(ScalingRow s, CellStats c) {
        return s.target().equals(c.target()) && s.variant().equals(c.variant()) && Objects.equals(s.protocol(), c.protocol());
    }

    private static String label(String variant, String protocol) {
        return protocol == null ? variant : variant + " " + protocol;
    }
}
