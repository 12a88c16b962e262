package io.loadlab.loadgen.api.guard;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An IPv4 or IPv6 network ({@code 127.0.0.0/8}, {@code fd00::/8}) or a single address
 * ({@code ::1}, {@code 10.0.0.1}). IPv4-mapped IPv6 addresses ({@code ::ffff:10.0.0.1}) match as the
 * IPv4 address they are, since Java resolves them so.
 */
public record Cidr(byte[] network, int prefixBits) {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    public Cidr {
        network = network.clone();
        if (prefixBits < 0 || prefixBits > network.length * 8) {
            throw new IllegalArgumentException("prefix /" + prefixBits + " out of range");
        }
    }

    @Override
    public byte[] network() {
        return network.clone();
    }

    /** Parses a CIDR or address literal; empty if {@code text} is not one (e.g. a host name). Never resolves names. */
    public static Optional<Cidr> parse(String text) {
        String t = text.trim();
        int slash = t.indexOf('/');
        String addr = slash < 0 ? t : t.substring(0, slash);
        Optional<InetAddress> a = literal(addr);
        if (a.isEmpty()) {
            return Optional.empty();
        }
        byte[] bytes = a.get().getAddress();
        int bits = bytes.length * 8;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(t.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad prefix in '" + text + "'");
            }
        }
        return Optional.of(new Cidr(bytes, bits));
    }

    /** The address an IP literal denotes, with no DNS lookup; empty for anything else. */
    public static Optional<InetAddress> literal(String text) {
        String t = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        if (!IPV4.matcher(t).matches() && !IPV6.matcher(t).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(t));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    public boolean contains(InetAddress address) {
        byte[] a = address.getAddress();
        if (a.length != network.length) {
            return false;
        }
        int full = prefixBits / 8;
        for (int i = 0; i < full; i++) {
            if (a[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixBits % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xFF << (8 - rest)) & 0xFF;
        return (a[full] & mask) == (network[full] & mask);
    }
}
