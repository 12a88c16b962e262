package io.loadlab.loadgen.resource;

import java.time.Instant;

/**
 * One cell's reading of a source, opened when the cell's measured part starts. Not thread-safe: the cell's own
 * thread calls it.
 */
public interface ResourceWindow {

    /**
     * Called on every sample tick of the measured part, the first at its start and the last at or just past its
     * end; a source that reads everything at the end does nothing here. Never throws and never blocks past the
     * source's timeout.
     */
    void tick();

    /**
     * The figures over [{@code start}, {@code end}], the measured part in wall-clock time; called once, after the
     * last tick. Never throws: what could not be read is null with its reason. Blocks at most the source's
     * deadline (a Prometheus source first waits for the scrape that covers {@code end}).
     */
    ResourceFigures close(Instant start, Instant end);
}
