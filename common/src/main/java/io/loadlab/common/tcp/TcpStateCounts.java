package io.loadlab.common.tcp;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Sockets per {@link TcpState} on one local port, or to one remote address and port, from /proc/net/tcp and tcp6 text.
 * Each line is one socket as its own side sees it ({@code local_address}, {@code rem_address}), TIME_WAIT ones
 * included: those belong to the side that closed first, so a server that closes idle connections holds them, under
 * its own port as local and the client's address and ephemeral port as remote.
 */
public final class TcpStateCounts {

    /** A local port filter that takes every socket. */
    public static final int ANY_PORT = -1;

    private TcpStateCounts() {
    }

    /** Counts in one table's text (header line skipped) the sockets on {@code localPort}; lines that do not parse are skipped. */
    public static Map<TcpState, Long> parse(String table, int localPort, Map<TcpState, Long> into) {
        return scan(table, f -> port(f[1]) == localPort, into);
    }

    /** This host's sockets on {@code localPort}, IPv4 and IPv6; every state present, 0 where none (and without /proc). */
    public static Map<TcpState, Long> read(int localPort) {
        return readBoth(table -> parse(table, localPort, zeros()));
    }

    /**
     * This host's sockets connected to {@code remote}:{@code remotePort}, IPv4 and IPv6 (an IPv4 peer of a dual-stack
     * socket appears in tcp6 as ::ffff:a.b.c.d); every state present, 0 where none. Each holds one local port.
     */
    public static Map<TcpState, Long> toPeer(InetAddress remote, int remotePort) {
        return toPeer(ANY_PORT, remote, remotePort);
    }

    /**
     * As {@link #toPeer(InetAddress, int)}, only the sockets on {@code localPort} ({@link #ANY_PORT}: any): one
     * connection's end on this host, at most one socket per state however busy either port is. A closed
     * {@code java.net.Socket} answers the wildcard address for its local address, so callers take a client's address
     * while it is open.
     */
    public static Map<TcpState, Long> toPeer(int localPort, InetAddress remote, int remotePort) {
        String[] forms = procForms(remote);
        return readBoth(table -> parsePeer(table, localPort, forms, remotePort, zeros()));
    }

    /**
     * Counts in one table's text the sockets on {@code localPort} ({@link #ANY_PORT}: any) whose remote address is one
     * of {@code forms} (as /proc writes it) and whose remote port is {@code remotePort}.
     */
    public static Map<TcpState, Long> parsePeer(String table, int localPort, String[] forms, int remotePort,
                                                Map<TcpState, Long> into) {
        return scan(table, f -> (localPort == ANY_PORT || port(f[1]) == localPort) && port(f[2]) == remotePort
                && matches(f[2].substring(0, f[2].lastIndexOf(':')), forms), into);
    }

    private static Map<TcpState, Long> scan(String table, Predicate<String[]> keep, Map<TcpState, Long> into) {
        String[] lines = table.split("\n");
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].trim().split("\\s+");
            if (f.length < 4 || f[1].indexOf(':') < 0 || f[2].indexOf(':') < 0) {
                continue;
            }
            try {
                if (!keep.test(f)) {
                    continue;
                }
                TcpState state = TcpState.of(Integer.parseInt(f[3], 16));
                if (state != null) {
                    into.merge(state, 1L, Long::sum);
                }
            } catch (NumberFormatException malformed) {
                // not a socket line
            }
        }
        return into;
    }

    /** The port of an {@code address:port} column, in hex as /proc writes it. */
    private static int port(String column) {
        return Integer.parseInt(column.substring(column.lastIndexOf(':') + 1), 16);
    }

    /** Both tables summed into one map; a table that cannot be read (no IPv6, no /proc) counts nothing. */
    private static Map<TcpState, Long> readBoth(Function<String, Map<TcpState, Long>> count) {
        Map<TcpState, Long> counts = zeros();
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            try {
                count.apply(Files.readString(Path.of(table))).forEach((s, n) -> counts.merge(s, n, Long::sum));
            } catch (IOException | RuntimeException missing) {
                // those sockets are not counted
            }
        }
        return counts;
    }

    private static Map<TcpState, Long> zeros() {
        Map<TcpState, Long> counts = new EnumMap<>(TcpState.class);
        for (TcpState s : TcpState.values()) {
            counts.put(s, 0L);
        }
        return counts;
    }

    private static boolean matches(String hex, String[] forms) {
        for (String form : forms) {
            if (form.equalsIgnoreCase(hex)) {
                return true;
            }
        }
        return false;
    }

    /**
     * How /proc writes an address: each 32-bit word in the host's (little-endian) byte order, so 127.0.0.1 is
     * {@code 0100007F}; an IPv4 address also in its IPv4-mapped IPv6 form, for dual-stack sockets.
     */
    public static String[] procForms(InetAddress address) {
        byte[] b = address.getAddress();
        StringBuilder hex = new StringBuilder();
        for (int word = 0; word < b.length; word += 4) {
            for (int i = 3; i >= 0; i--) {
                hex.append(String.format("%02X", b[word + i] & 0xff));
            }
        }
        if (address instanceof Inet4Address) {
            return new String[] {hex.toString(), "0000000000000000FFFF0000" + hex};
        }
        return new String[] {hex.toString()};
    }
}
