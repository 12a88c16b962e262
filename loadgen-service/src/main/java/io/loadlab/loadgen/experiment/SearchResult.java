package io.loadlab.loadgen.experiment;

import java.util.List;

/**
 * What a search established for one target and variant, and the rate-vs-p99 curve it rests on.
 *
 * @param outcome         what kind of answer this is ({@link SearchOutcome})
 * @param sustainableRate the highest rate at which every repeat met the SLO; null when none did
 * @param failingRate     the lowest rate at which every repeat missed it; null when none did
 * @param gap             (failingRate - sustainableRate) / sustainableRate when BRACKETED, else null
 * @param curve           every probe run, in order (repeats of a rate one after another)
 * @param note            why the search stopped, and whether any probe's p99 rests on fewer than 1000 samples
 */
public record SearchResult(String target, int cores, String variant, SearchOutcome outcome, Double sustainableRate,
                           Double failingRate, Double gap, List<ProbePoint> curve, String note) {
}
