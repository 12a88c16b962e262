package io.loadlab.loadgen.http;

import java.util.Optional;

/**
 * The connections of a run (or of one of its loops) against what it asked for: how many ever held an open TCP
 * connection, how many tried and never once did, and the first connect error's cause. A run whose connections
 * never opened did less than asked; before these counts one under a 512-fd limit, asked 5000 connections, held
 * 4448 and said {@code completed} with {@code errors.connect: 0}.
 *
 * @param firstError the first connect error's cause, at most {@link #MAX_ERROR_CHARS} characters; null when none
 */
record ConnectionCounts(int requested, int established, int neverOpened, String firstError) {

    /** A cause names an errno and an address: 200 characters hold Netty's longest ("connect(..) failed: ..."). */
    static final int MAX_ERROR_CHARS = 200;

    ConnectionCounts {
        if (requested < 0 || established < 0 || neverOpened < 0 || established + neverOpened > requested) {
            throw new IllegalArgumentException("connections: " + established + " established and " + neverOpened
                    + " never opened of " + requested + " requested");
        }
        if (firstError != null && firstError.length() > MAX_ERROR_CHARS) {
            throw new IllegalArgumentException("firstError over " + MAX_ERROR_CHARS + " characters");
        }
    }

    /** Both loops' counts; the first error is this one's, else the other's. */
    ConnectionCounts plus(ConnectionCounts other) {
        return new ConnectionCounts(requested + other.requested, established + other.established,
                neverOpened + other.neverOpened, firstError != null ? firstError : other.firstError);
    }

    /**
     * Why the run is failed, when some of its connections never opened: how many of how many, and the first cause
     * ("newSocketStream(..) failed: Too many open files", "connect(..) failed: Connection refused: ...").
     */
    Optional<String> shortfall() {
        if (neverOpened == 0) {
            return Optional.empty();
        }
        return Optional.of(neverOpened + " of the " + requested + " connections asked never opened (" + established
                + " did)" + (firstError == null ? "" : ": " + firstError));
    }

    /** A cause as one bounded line: its message, or its type when it has none. */
    static String describe(Throwable cause) {
        return describe(cause == null ? "unknown cause"
                : cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName());
    }

    /** A reason as one bounded line. */
    static String describe(String why) {
        String text = why.replaceAll("\\s+", " ").strip();
        return text.length() > MAX_ERROR_CHARS ? text.substring(0, MAX_ERROR_CHARS - 3) + "..." : text;
    }
}
