package io.loadlab.loadgen.resource;

import java.net.URI;

/**
 * Builds a target's {@link ResourceSource} from its spec: the builtin meters read from {@code metrics}, or a
 * Prometheus server. The one place that knows every source.
 */
public interface ResourceSources {

    /**
     * @param spec    the target's {@code resources}
     * @param metrics the target's own metrics endpoint, for the builtin source; may be null for others
     */
    ResourceSource of(ResourceSpec spec, URI metrics);
}
