package io.loadlab.loadgen.resource;

import java.util.List;

/**
 * The timestamps Prometheus stores for one series over a look-back, oldest first, as a range query of the raw
 * series answers them (with {@code honor_timestamps} they are the exporter's own, not the scrapes'); or why they
 * could not be read ({@code failure} non-null, {@code millis} empty).
 *
 * @param series the series read, as {@link Series#describe()} writes it; null when none matched
 * @param millis epoch milliseconds, ascending
 */
record StoredSamples(String series, List<Long> millis, ApiFailure failure) {

    StoredSamples {
        millis = List.copyOf(millis);
    }

    static StoredSamples failed(ApiFailure failure) {
        return new StoredSamples(null, List.of(), failure);
    }
}
