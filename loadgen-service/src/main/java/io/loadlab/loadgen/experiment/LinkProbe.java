package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.run.RunSpec;

import java.net.URI;
import java.time.Duration;

/**
 * A kind of run that measures a link's capacity by itself: iperf's TCP bulk transfer with parallel streams, in the
 * direction the answers travel. A bean of the kind that offers it; experiments use it before a large download, so
 * this package names no kind.
 */
public interface LinkProbe {

    /** The run that measures what {@code server} can send to the loadgen over {@code duration}. */
    RunSpec spec(URI server, Duration duration);

    /** The method as the evidence names it, e.g. {@code iperf3 TCP, 4 streams, down}. */
    String method();
}
