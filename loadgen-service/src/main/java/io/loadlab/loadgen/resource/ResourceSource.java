package io.loadlab.loadgen.resource;

import java.time.Duration;
import java.util.List;

/** A target's source of resource figures, built from its {@link ResourceSpec}. Thread-safe. */
public interface ResourceSource {

    /** How the figures are read, for the evidence: {@code builtin}, {@code prometheus cadvisor} ... */
    String describe();

    /**
     * Checked before any load: every query answers, and matches exactly one series for the target.
     *
     * @param field        where the spec named this source, e.g. {@code targets[1].resources}
     * @param cellDuration the measured length of a cell (the experiment's {@code duration}), against the spacing of
     *                     the stored samples and the scrape interval
     * @return warnings for the experiment's record (a cell spans fewer than 4 scrapes, a figure the source
     *         cannot give); never null
     * @throws io.loadlab.loadgen.run.InvalidSpecException naming the field, the query and what it matched, when
     *         the source cannot be used (unreachable, a query error, a required figure matching 0 or many series);
     *         or naming the experiment's {@code duration} when a cell would hold fewer than two of the samples the cpu
     *         figure rests on (Prometheus stores them further apart than it scrapes when the exporter stamps them)
     */
    List<String> check(String field, Duration cellDuration);

    /** Opens a window at the start of a cell's measured part. */
    ResourceWindow open();
}
