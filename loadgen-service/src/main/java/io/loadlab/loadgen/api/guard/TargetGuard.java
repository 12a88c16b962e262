package io.loadlab.loadgen.api.guard;

import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.Violation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import io.loadlab.loadgen.run.AddressPolicy;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Keeps the traffic gun pointed at allowed targets. The check is on addresses, not names: a target
 * is allowed only if EVERY address its host resolves to is inside an allowed CIDR or is an address of
 * an allowed host name (resolved now, too). A name that resolves outside is refused even if it
 * looks harmless.
 */
@ApplicationScoped
public class TargetGuard implements AddressPolicy {

    static final String RULE_KEY = AddressPolicy.RULE;

    private final HostResolver resolver;
    private final List<Cidr> networks = new ArrayList<>();
    private final List<String> hosts = new ArrayList<>();
    private final String rule;

    @Inject
    public TargetGuard(TargetsConfig config, HostResolver resolver) {
        this.resolver = resolver;
        for (String entry : config.allowed()) {
            Optional<Cidr> c = Cidr.parse(entry);
            if (c.isPresent()) {
                networks.add(c.get());
            } else {
                hosts.add(entry.trim());
            }
        }
        this.rule = RULE_KEY + "=" + String.join(",", config.allowed());
    }

    /**
     * @throws InvalidSpecException    naming {@code target} when its host cannot be resolved
     * @throws TargetRefusedException  when an address of the target is not allowed
     */
    public void check(URI target) {
        String host = target.getHost();
        List<InetAddress> addresses;
        try {
            addresses = host == null ? List.of() : resolver.resolve(host);
        } catch (UnknownHostException e) {
            addresses = List.of();
        }
        if (addresses.isEmpty()) {
            throw new InvalidSpecException(List.of(new Violation("target", "cannot resolve host '" + host + "'")));
        }
        for (InetAddress a : addresses) {
            if (!allowed(a)) {
                throw new TargetRefusedException(target, a, rule);
            }
        }
    }

    @Override
    public boolean admits(InetAddress address) {
        return allowed(address);
    }

    private boolean allowed(InetAddress a) {
        if (networks.stream().anyMatch(n -> n.contains(a))) {
            return true;
        }
        for (String h : hosts) {
            try {
                if (resolver.resolve(h).contains(a)) {
                    return true;
                }
            } catch (UnknownHostException e) {
                // An allowed name that no longer resolves admits nothing.
            }
        }
        return false;
    }
}
