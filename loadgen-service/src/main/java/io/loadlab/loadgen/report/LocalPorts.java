package io.loadlab.loadgen.report;

/**
 * The loadgen's own ephemeral ports toward one target at a run's end, from /proc/net/tcp and tcp6: a run that
 * opens a connection per request leaves one port in TIME_WAIT per closed connection for 60 s (seed 000 saw
 * 16,379 on the server at 1,364 requests/s), and running out of them ends a run in connect errors.
 *
 * @param inUse    sockets to the target's address and port in any state: each holds a local port
 * @param timeWait of those, the ones in TIME_WAIT
 */
public record LocalPorts(long inUse, long timeWait) {
}
