package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.RunReport;

import java.util.List;
import java.util.Optional;

/**
 * A kind's merge of one distributed run ({@link RunKind#beginMerge}): made before the agents' parts start, so that
 * it can read what must be read around the whole run once (a reflector's counters: each agent reading them would
 * count every agent's messages), and finished once with what the agents delivered. Called from the controller's
 * thread, once each.
 */
public interface PartsMerger {

    /** No report of the kind's own: the distributed report is the whole merge (http's). */
    PartsMerger NONE = (parts, merged) -> Optional.empty();

    /**
     * This kind's own report of the whole run, or empty when the kind has none to add.
     *
     * @param parts  each agent's own report of its part, in the order the agents were given their parts; null
     *               where an agent delivered none (it failed before its run ended)
     * @param merged the parts' intervals merged exactly
     */
    Optional<RunReport> merge(List<RunReport> parts, MergedParts merged);
}
