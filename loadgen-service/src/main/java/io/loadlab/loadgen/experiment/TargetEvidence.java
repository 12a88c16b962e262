package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.resource.Figure;
import io.loadlab.loadgen.resource.ResourceFigures;

import java.util.Map;
import java.util.TreeMap;

/**
 * A cell's {@link Evidence} from its target's {@link ResourceFigures} (in cores, per source) and the loadgen's own
 * figures: CPU and wait divided by the target's cores, and each unmeasured figure under its evidence name.
 */
final class TargetEvidence {

    /** A source's figure to the evidence field it fills. */
    static final Map<Figure, String> NAMES = Map.of(Figure.CPU, "targetCpu", Figure.WAIT, "targetWait",
            Figure.THROTTLED, "targetThrottled", Figure.LIMIT, "targetQuota", Figure.NETWORK, "targetSentMbps");
    static final String LINK = "linkUtilisation";

    private TargetEvidence() {
    }

    /**
     * @param received bytes per second the loadgen received; null when the run gave no figures
     */
    static Evidence of(ResourceFigures f, int cores, LinkCapacity link, Double received, Double loadgenCpu,
                       Double loadgenLoops, Double loadgenWait, Double loadgenThrottled, Double scheduleLag) {
        Map<String, String> unmeasured = new TreeMap<>();
        f.unmeasured().forEach((figure, why) -> {
            for (Figure x : Figure.values()) {
                if (x.json().equals(figure)) {
                    unmeasured.put(NAMES.get(x), why);
                }
            }
        });
        Double linkUtilisation = null;
        if (link == null || !link.known()) {
            unmeasured.put(LINK, "no link capacity: " + (link == null || link.note() == null ? "none measured" : link.note()));
        } else if (received == null) {
            unmeasured.put(LINK, "the run gave no figures");
        } else {
            linkUtilisation = received / link.bytesPerSecond();
        }
        return new Evidence(perCore(f.cpuCores(), cores), perCore(f.waitCores(), cores), f.throttled(), f.limitCores(),
                linkUtilisation, loadgenCpu, loadgenLoops, loadgenWait, loadgenThrottled, scheduleLag,
                ResourceFigures.CORES.equals(f.cpuScope()) ? ResourceFigures.CORES : null, f.source(),
                f.sentBytesPerSecond() == null ? null : f.sentBytesPerSecond() * 8 / 1e6, unmeasured);
    }

    private static Double perCore(Double value, int cores) {
        return value == null ? null : value / cores;
    }
}
