package io.loadlab.loadgen.api.guard;

import java.net.InetAddress;
import java.net.URI;

/** The target resolved to an address outside {@code loadgen.targets.allowed}: the API answers 403. */
public class TargetRefusedException extends RuntimeException {

    private final URI target;
    private final String address;
    private final String rule;

    public TargetRefusedException(URI target, InetAddress address, String rule) {
        super("target " + target + " resolves to " + address.getHostAddress() + ", outside " + rule);
        this.target = target;
        this.address = address.getHostAddress();
        this.rule = rule;
    }

    public URI target() {
        return target;
    }

    public String address() {
        return address;
    }

    public String rule() {
        return rule;
    }
}
