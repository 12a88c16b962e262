package io.loadlab.common.tcp;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/** Sockets per {@link TcpState} on one local port, or to one remote address and port, from /proc/net/tcp and tcp6 text. */
public final class TcpStateCounts {

    private TcpStateCounts() {
    }

    /** Counts in one table's text (header line skipped); lines that do not parse are skipped. */
    public static Map<TcpState, Long> parse(String table, int localPort, Map<TcpState, Long> into) {
        String[] lines = table.split("\n");
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].trim().split("\\s+");
            if (f.length < 4) {
                continue;
            }
            int colon = f[1].lastIndexOf(':');
            try {
                if (colon < 0 || Integer.parseInt(f[1].substring(colon + 1), 16) != localPort) {
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

    /** This host's sockets on {@code localPort}, IPv4 and IPv6; every state present, 0 where none (and without /proc). */
    public static Map<TcpState, Long> read(int localPort) {
        Map<TcpState, Long> counts = new EnumMap<>(TcpState.class);
        for (TcpState s : TcpState.values()) {
            counts.put(s, 0L);
        }
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            try {
                parse(Files.readString(Path.of(table)), localPort, counts);
            } catch (IOException | RuntimeException missing) {
                // no IPv6, or no /proc: those sockets are not counted
            }
        }
        return counts;
    }

    /**
     * This host's sockets connected to {@code remote}:{@code remotePort}, IPv4 and IPv6 (an IPv4 peer of a dual-stack
     * socket appears in tcp6 as ::ffff:a.b.c.d); every state present, 0 where none. Each holds one local port.
     */
    public static Map<TcpState, Long> toPeer(InetAddress remote, int remotePort) {
        Map<TcpState, Long> counts = new EnumMap<>(TcpState.class);
        for (TcpState s : TcpState.values()) {
            counts.put(s, 0L);
        }
        String[] forms = procForms(remote);
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            try {
                parsePeer(Files.readString(Path.of(table)), forms, remotePort, counts);
            } catch (IOException | RuntimeException missing) {
                // no IPv6, or no /proc: those sockets are not counted
            }
        }
        return counts;
    }

    /** Counts in one table's text the sockets whose remote address is one of {@code forms} (as /proc writes it) and port. */
    public static Map<TcpState, Long> parsePeer(String table, String[] forms, int remotePort, Map<TcpState, Long> into) {
        String[] lines = table.split("\n");
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].trim().split("\\s+");
            if (f.length < 4) {
                continue;
            }
            int colon = f[2].lastIndexOf(':');
            try {
                if (colon < 0 || Integer.parseInt(f[2].substring(colon + 1), 16) != remotePort
                        || !matches(f[2].substring(0, colon), forms)) {
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
