package io.loadlab.loadgen.run;

import java.net.InetAddress;
import java.net.UnknownHostException;

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

    /**
     * What every driver does before it connects: resolves {@code host} once (literals and localhost without a
     * lookup) and admits the address, with the one refusal text runs of every kind report.
     *
     * @throws UnknownHostException    when the name does not resolve
     * @throws AddressRefusedException when it resolves outside {@link #RULE}
     */
    default InetAddress resolveAndAdmit(String host) throws UnknownHostException, AddressRefusedException {
        InetAddress resolved = InetAddress.getByName(host);
        if (!admits(resolved)) {
            throw new AddressRefusedException("refused: " + host + " now resolves to " + resolved.getHostAddress()
                    + ", outside " + RULE);
        }
        return resolved;
    }
}
