package io.loadlab.target.api;

/**
 * A request the API refuses, with the status and the message the client sees. Without a stack
 * trace: bad input under load must cost no more than a good answer.
 */
public final class BadInput extends RuntimeException {

    private final int status;

    public BadInput(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
