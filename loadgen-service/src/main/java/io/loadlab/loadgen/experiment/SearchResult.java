package io.loadlab.loadgen.experiment;

import java.util.List;

/**
 * The highest sustainable rate of one target and variant and the rate-vs-p99 curve it was found on.
 *
 * @param sustainableRate the highest good rate probed; null when no probed rate was good
 * @param curve           every probe in the order run
 * @param note            why the search stopped
 */
public record SearchResult(String target, int cores, String variant, Double sustainableRate, List<ProbePoint> curve,
                           String note) {
}
