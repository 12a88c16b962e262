package io.loadlab.loadgen.api;

import io.loadlab.loadgen.run.Violation;

import java.util.List;

/**
 * The {@code page} and {@code size} query parameters of every job list, read the same way for runs, experiments and
 * any job to come: page counts from 0, size 1..{@value #MAX_SIZE}, default 20; anything else a 400 naming the
 * parameter.
 */
public record PageRequest(int page, int size) {

    public static final int MAX_SIZE = 100;
    private static final int DEFAULT_SIZE = 20;

    /** @throws ApiException 400 naming a parameter that is not an integer in its range */
    public static PageRequest of(String page, String size) {
        return new PageRequest(intParam("page", page, 0, 0, Integer.MAX_VALUE),
                intParam("size", size, DEFAULT_SIZE, 1, MAX_SIZE));
    }

    /** This page's items of {@code all} (newest first); empty past the end. */
    public <T> List<T> slice(List<T> all) {
        long from = (long) page * size;
        return from >= all.size() ? List.of() : all.subList((int) from, (int) Math.min(all.size(), from + size));
    }

    /** A query parameter as an integer in {@code [min, max]}, {@code dflt} when absent; else a 400 naming it. */
    static int intParam(String name, String value, int dflt, int min, int max) {
        if (value == null || value.isEmpty()) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below, like an out-of-range number
        }
        throw new ApiException(new ApiError(400, "invalid query parameter",
                List.of(new Violation(name, "must be an integer from " + min + " to " + max)),
                null, null, null, null));
    }
}
