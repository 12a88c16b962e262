package io.loadlab.testsupport;

import java.nio.file.Path;

/**
 * A {@link LocalProcess} that died or never became ready. Its work directory is kept for whoever reads the failure;
 * a test that expected the failure (a service refusing to start on bad settings) checks the message, then
 * {@link #discard()}s it, so the suite leaves the temp dir as it found it (two target-service dirs a CI run, issue 42).
 */
public final class ProcessFailedException extends IllegalStateException {

    private final transient Path kept;

    ProcessFailedException(String message, Path kept) {
        super(message);
        this.kept = kept;
    }

    /** Removes the work directory kept for this failure (nothing when the process was not started in its own). */
    public void discard() {
        TempDirs.remove(kept);
    }
}
