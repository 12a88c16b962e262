package io.loadlab.loadgen.distributed;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The agents {@code loadgen.agents} names. Two forms:
 * <ul>
 * <li>base URLs, comma-separated: {@code http://10.0.0.5:8090,http://10.0.0.6:8090}, used as given;</li>
 * <li>{@code dns:<name>:<port>}: every address {@code name} resolves to, at each {@link #agents()} call, as
 *     {@code http://<address>:<port>}: a headless Service's A records are its ready pods, so a job started after
 *     {@code kubectl scale} sees the new agents and none that left.</li>
 * </ul>
 * Parsed once, when built, so a malformed setting fails the start rather than the first distributed job.
 */
public final class AgentDiscovery {

    /** The configuration key, named in every message about it. */
    public static final String PROPERTY = "loadgen.agents";
    private static final String DNS = "dns:";

    /** Name resolution, {@link InetAddress#getAllByName} outside tests. */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String name) throws UnknownHostException;
    }

    private final List<AgentEndpoint> fixed;
    private final String dnsName;
    private final int dnsPort;
    private final Resolver resolver;

    private AgentDiscovery(List<AgentEndpoint> fixed, String dnsName, int dnsPort, Resolver resolver) {
        this.fixed = fixed;
        this.dnsName = dnsName;
        this.dnsPort = dnsPort;
        this.resolver = resolver;
    }

    /**
     * @param setting the property's value
     * @throws IllegalArgumentException naming {@value #PROPERTY} and the bad entry
     */
    public static AgentDiscovery parse(String setting, Resolver resolver) {
        Objects.requireNonNull(resolver, "resolver");
        String value = setting == null ? "" : setting.trim();
        if (value.isEmpty()) {
            throw new IllegalArgumentException(PROPERTY + " is empty: give base URLs or dns:<name>:<port>");
        }
        if (value.startsWith(DNS)) {
            String rest = value.substring(DNS.length());
            int colon = rest.lastIndexOf(':');
            String name = colon < 0 ? "" : rest.substring(0, colon);
            int port = colon < 0 ? -1 : port(rest.substring(colon + 1));
            if (name.isEmpty() || name.contains("/") || name.contains(",") || port < 1) {
                throw new IllegalArgumentException(PROPERTY + "=" + value + ": expected dns:<name>:<port> with a port of 1-65535");
            }
            return new AgentDiscovery(List.of(), name, port, resolver);
        }
        List<AgentEndpoint> endpoints = new ArrayList<>();
        for (String entry : value.split(",", -1)) {
            try {
                endpoints.add(new AgentEndpoint(URI.create(entry.trim())));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(PROPERTY + ": '" + entry.trim() + "' is not an agent base URL ("
                        + e.getMessage() + ")", e);
            }
        }
        if (endpoints.stream().map(AgentEndpoint::baseUri).distinct().count() < endpoints.size()) {
            throw new IllegalArgumentException(PROPERTY + " names an agent twice: " + value);
        }
        return new AgentDiscovery(List.copyOf(endpoints), null, 0, resolver);
    }

    /** A load generator with no agents: every distributed run it is asked for is refused, naming {@value #PROPERTY}. */
    public static AgentDiscovery none() {
        return new AgentDiscovery(List.of(), null, 0, InetAddress::getAllByName);
    }

    /** False for {@link #none()}: this load generator cannot be a controller. */
    public boolean configured() {
        return dnsName != null || !fixed.isEmpty();
    }

    /** The fixed list's size; for the {@code dns:} form, -1 (it is known only at each job start). */
    public int knownCount() {
        return dnsName != null ? -1 : fixed.size();
    }

    /** As {@link #parse(String, Resolver)}, resolving through the system's resolver. */
    public static AgentDiscovery parse(String setting) {
        return parse(setting, InetAddress::getAllByName);
    }

    /**
     * The agents now: the configured URLs, or what the name resolves to, each address once, in the addresses' text order
     * (so agent i is the same pod from call to call while the set does not change).
     *
     * @throws UnknownHostException when the name does not resolve (no agent ready, or no such Service)
     */
    public List<AgentEndpoint> agents() throws UnknownHostException {
        if (dnsName == null) {
            return fixed;
        }
        InetAddress[] addresses = resolver.resolve(dnsName);
        return Arrays.stream(addresses)
                .map(InetAddress::getHostAddress)
                .map(a -> a.contains("%") ? a.substring(0, a.indexOf('%')) : a)
                .distinct()
                .sorted(Comparator.naturalOrder())
                .map(a -> new AgentEndpoint(URI.create("http://" + (a.contains(":") ? "[" + a + "]" : a) + ":" + dnsPort)))
                .toList();
    }

    /** True for the {@code dns:} form, whose agents can change between calls. */
    public boolean dynamic() {
        return dnsName != null;
    }

    private static int port(String text) {
        try {
            int port = Integer.parseInt(text);
            return port <= 65_535 ? port : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
