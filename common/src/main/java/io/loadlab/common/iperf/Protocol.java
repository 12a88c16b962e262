package io.loadlab.common.iperf;

/** A test's transport; its parameter JSON carries {@code "tcp": true} or {@code "udp": true}. */
public enum Protocol {
    TCP, UDP;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
