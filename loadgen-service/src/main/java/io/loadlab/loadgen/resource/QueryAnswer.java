package io.loadlab.loadgen.resource;

import java.util.List;

/** An instant query's series, or why there are none to use ({@code failure} non-null, {@code series} empty). */
record QueryAnswer(List<Series> series, ApiFailure failure) {

    QueryAnswer {
        series = List.copyOf(series);
    }

    static QueryAnswer of(List<Series> series) {
        return new QueryAnswer(series, null);
    }

    static QueryAnswer failed(ApiFailure.Kind kind, String message) {
        return new QueryAnswer(List.of(), new ApiFailure(kind, message));
    }
}
