package io.loadlab.common.tcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/** Sockets per {@link TcpState} whose local port is one port, from /proc/net/tcp and tcp6 text. */
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
}
