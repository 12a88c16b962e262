/**
 * TCP connection states as Linux lists them in {@code /proc/net/tcp} and {@code /proc/net/tcp6}, counted per state
 * for sockets on one local port: how a server's HTTP port looks from the kernel (the reference run left 16,379
 * sockets in TIME_WAIT at 1,364 requests/s with keep-alive off), for sockets to one peer (a client's ports toward
 * its target), or for one connection's end (a local port and a peer). The parser is pure text in, counts out.
 * Depends on the JDK only.
 */
package io.loadlab.common.tcp;
