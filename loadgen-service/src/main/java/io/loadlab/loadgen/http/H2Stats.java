package io.loadlab.loadgen.http;

import io.netty.handler.codec.http2.Http2Error;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What HTTP/2 did on one event loop, warm-up included: confined to it while it runs, read once it has finished. The
 * report's {@link H2Report} merges the loops'.
 */
final class H2Stats {

    private static final Http2Error[] CODES = Http2Error.values();

    /** The lowest SETTINGS_MAX_CONCURRENT_STREAMS a server sent, -1 while none did. */
    private long maxConcurrentStreams = -1;
    private int streamsUsed;
    private long goaways;
    /** By RST_STREAM error code; the last cell for codes RFC 9113 does not define, so the map stays bounded. */
    private final long[] resets = new long[CODES.length + 1];

    void settings(Long maxConcurrent) {
        if (maxConcurrent != null && (maxConcurrentStreams < 0 || maxConcurrent < maxConcurrentStreams)) {
            maxConcurrentStreams = maxConcurrent;
        }
    }

    void inFlight(int streams) {
        if (streams > streamsUsed) {
            streamsUsed = streams;
        }
    }

    void goaway() {
        goaways++;
    }

    void reset(long errorCode) {
        Http2Error code = Http2Error.valueOf(errorCode);
        resets[code == null ? CODES.length : code.ordinal()]++;
    }

    /** The loops' figures as one report: the lowest limit, the most streams, the sums. */
    static H2Report report(int streamsRequested, List<H2Stats> loops) {
        long max = -1;
        int used = 0;
        long goaways = 0;
        long[] resets = new long[CODES.length + 1];
        for (H2Stats s : loops) {
            if (s == null) {
                continue;
            }
            if (s.maxConcurrentStreams >= 0 && (max < 0 || s.maxConcurrentStreams < max)) {
                max = s.maxConcurrentStreams;
            }
            used = Math.max(used, s.streamsUsed);
            goaways += s.goaways;
            for (int i = 0; i < resets.length; i++) {
                resets[i] += s.resets[i];
            }
        }
        Map<String, Long> byCode = new LinkedHashMap<>();
        for (int i = 0; i < resets.length; i++) {
            if (resets[i] > 0) {
                byCode.put(i < CODES.length ? CODES[i].name() : "OTHER", resets[i]);
            }
        }
        return new H2Report(streamsRequested, max, used, goaways, byCode);
    }
}
