package io.loadlab.loadgen.http;

/** What a {@link ShortConnectionLoop} calls, on its thread, when the descriptor it was added with is ready. */
interface Readiness {

    /** {@code events}: the {@code EPOLL*} bits epoll reported. */
    void ready(int events);
}
