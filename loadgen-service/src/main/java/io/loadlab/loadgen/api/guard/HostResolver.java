package io.loadlab.loadgen.api.guard;

import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** Resolves host names, a seam so tests never send a DNS query off the machine. */
@ApplicationScoped
public class HostResolver {

    /** Every address of {@code host}; an IP literal resolves to itself without a lookup. */
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        return List.of(InetAddress.getAllByName(host));
    }
}
