package io.loadlab.loadgen.api.guard;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.List;

/** Where load may go. */
@ConfigMapping(prefix = "loadgen.targets")
public interface TargetsConfig {

    /**
     * CIDRs, addresses and host names, IPv4 and IPv6. A host name admits the addresses it resolves to.
     * Default: loopback only.
     */
    @WithDefault("127.0.0.0/8,::1,localhost")
    List<String> allowed();
}
