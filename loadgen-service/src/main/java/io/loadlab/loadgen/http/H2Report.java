package io.loadlab.loadgen.http;

import io.loadlab.loadgen.report.SortedMaps;

import java.util.Map;

/**
 * What HTTP/2 multiplexing did in a run, warm-up included.
 *
 * @param streamsRequested     the spec's {@code streams}: concurrent streams asked per connection
 * @param maxConcurrentStreams the lowest SETTINGS_MAX_CONCURRENT_STREAMS a server sent; -1 when none sent one
 *                             (unlimited)
 * @param streamsUsed          the most streams in flight at once on one connection: the request, capped by the
 *                             server's limit
 * @param goaways              GOAWAY frames received
 * @param resets               RST_STREAM frames received by error code name ({@code REFUSED_STREAM},
 *                             {@code INTERNAL_ERROR}); each is one of the report's {@code errors.reset}
 */
public record H2Report(int streamsRequested, long maxConcurrentStreams, int streamsUsed, long goaways,
                       Map<String, Long> resets) {

    public H2Report {
        resets = SortedMaps.copyOf(resets);
    }
}
