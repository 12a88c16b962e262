package io.loadlab.cli;

/** A command line that cannot be run as written: exit 2 with the message and the usage. */
public final class UsageException extends Exception {

    public UsageException(String message) {
        super(message);
    }
}
