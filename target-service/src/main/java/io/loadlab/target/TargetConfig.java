package io.loadlab.target;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** The target service's own settings, under {@code target.*}; every limit is here, overridable by environment. */
@ConfigMapping(prefix = "target")
public interface TargetConfig {

    /** The largest {@code number} a request may ask for: bounds the memory one cached answer can take. */
    @WithDefault("10000")
    int maxItems();

    /** The largest request body accepted on {@code /test/testApi}, in bytes; more gets 413. */
    @WithDefault("65536")
    int maxBodyBytes();

    Cache cache();

    Udp udp();

    interface Cache {
        /** How long an encoded answer lives after it was built (the reference used 1000 minutes). */
        @WithDefault("1000M")
        Duration expireAfterWrite();

        /** How many distinct {@code number}s are kept at most. */
        @WithDefault("1000")
        long maximumSize();
    }

    interface Udp {
        /** Port of the sockperf-compatible UDP reflector. */
        @WithDefault("11111")
        int port();
    }
}
