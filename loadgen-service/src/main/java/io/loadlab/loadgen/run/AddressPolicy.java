package io.loadlab.loadgen.run;

import java.net.InetAddress;

/**
 * Which addresses load may go to. The API checks a target's addresses when a run is posted; drivers ask
 * again for the address they actually connect to, so a name that resolves elsewhere by then (DNS
 * rebinding) is refused instead of loaded.
 */
@FunctionalInterface
public interface AddressPolicy {

    /** The configuration key whose rule decides, for messages. */
    String RULE = "loadgen.targets.allowed";

    boolean admits(InetAddress address);
}
