package io.loadlab.loadgen.run;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** How many runs may be active at once and how many are kept in memory (all stay on disk). */
@ConfigMapping(prefix = "loadgen.runs")
public interface RunsConfig {

    /** Runs driving load at the same time; a POST beyond this answers 409. */
    @WithDefault("1")
    int maxActive();

    /** Newest finished runs kept in memory and listed by {@code GET /runs}; older ones are read from disk by id. */
    @WithDefault("100")
    int retain();
}
