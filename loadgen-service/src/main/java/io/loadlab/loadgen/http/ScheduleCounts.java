package io.loadlab.loadgen.http;

import java.util.Optional;

/**
 * The open model's measured part against its schedule (of a run, or of one of its loops): how many requests the
 * schedule intended in it, and how many of those were begun. Every one intended before the end is begun, late if
 * need be, while connections free up within the timeout after it; one never begun was never sent, and its latency,
 * the wait the schedule promised to measure, is nowhere. Before these counts, a TLS server stalling every other
 * handshake kept 4 connections busy with the warm-up's backlog: the measured part sent 0 of its 150 requests and the
 * run said {@code completed}, with no error.
 *
 * @param intended the schedule's requests due in the measured part; 0 in the closed model
 * @param begun    of those, the requests begun (sent, or failed before: connect, TLS)
 */
record ScheduleCounts(long intended, long begun) {

    static final ScheduleCounts NONE = new ScheduleCounts(0, 0);

    ScheduleCounts {
        if (intended < 0 || begun < 0 || begun > intended) {
            throw new IllegalArgumentException("schedule: " + begun + " begun of " + intended + " intended");
        }
    }

    ScheduleCounts plus(ScheduleCounts other) {
        return new ScheduleCounts(intended + other.intended, begun + other.begun);
    }

    /**
     * Why the run is failed, when some requests of its measured part were never begun: the schedule's count against
     * what was sent ({@code sent}) and answered ({@code answered}) in it.
     */
    Optional<String> shortfall(long sent, long answered) {
        if (begun == intended) {
            return Optional.empty();
        }
        return Optional.of("the open model's schedule intended " + intended + " requests in the measured part; "
                + begun + " were begun, " + sent + " sent, " + answered + " answered: " + (intended - begun)
                + " never began, the connections being busy (earlier requests waiting, stalled handshakes or answers)"
                + " until the timeout after the end");
    }
}
