package io.loadlab.loadgen.api;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Optional;

/** Who may fire the gun. */
@ConfigMapping(prefix = "loadgen.api")
public interface ApiConfig {

    /** Bearer token required by POST and DELETE; env {@code LOADGEN_API_TOKEN}. */
    Optional<String> token();

    /** Lets the service start with no token, leaving POST and DELETE open. For a laptop, never a shared host. */
    @WithDefault("false")
    boolean insecure();
}
