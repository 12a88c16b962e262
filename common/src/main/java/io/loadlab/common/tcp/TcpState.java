package io.loadlab.common.tcp;

import java.util.Locale;

/** The kernel's TCP states (include/net/tcp_states.h), in the order of their codes 1..12. */
public enum TcpState {
    ESTABLISHED, SYN_SENT, SYN_RECV, FIN_WAIT1, FIN_WAIT2, TIME_WAIT, CLOSE, CLOSE_WAIT, LAST_ACK, LISTEN, CLOSING,
    NEW_SYN_RECV;

    /** The state with this code, null for a code the kernel does not define. */
    static TcpState of(int code) {
        return code >= 1 && code <= values().length ? values()[code - 1] : null;
    }

    /** The name as a metric tag: lower case, e.g. {@code time_wait}. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
