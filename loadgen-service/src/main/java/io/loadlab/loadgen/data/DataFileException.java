package io.loadlab.loadgen.data;

/**
 * A data file request that cannot be done: the status the API answers with (400 bad name, 404 none, 409 a directory
 * file or the store full, 413 over the cap) and why.
 */
public final class DataFileException extends RuntimeException {

    private final int status;

    public DataFileException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
