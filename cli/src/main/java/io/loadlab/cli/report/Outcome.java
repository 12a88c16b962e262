package io.loadlab.cli.report;

/**
 * The exit code of a finished job, and why. A run a threshold aborted exits 1 (the gate ended it), whatever state it
 * ended in; otherwise a failed or cancelled job exits 3 before its gate is read: its figures are partial, and the
 * server's gate fails it anyway ("a failed run never passes").
 */
public record Outcome(int code, String why) {

    public static final int PASSED = 0;
    public static final int GATE_FAILED = 1;
    public static final int USAGE_OR_API = 2;
    public static final int JOB_FAILED = 3;
    /** 128 + SIGINT: what a shell reports for a command ended by Ctrl-C; the job was cancelled on the server first. */
    public static final int INTERRUPTED = 130;

    /**
     * @param state the job's final state, as the API writes it ({@code completed}, {@code failed}, {@code cancelled})
     * @param gate  its gate, null when it asked for none
     * @param failure its failure text, null when none
     */
    public static Outcome of(String state, Gate gate, String failure) {
        if (gate != null && gate.abortedBy() != null) {
            return new Outcome(GATE_FAILED, "aborted by threshold " + gate.abortedBy());
        }
        if (!"completed".equals(state)) {
            return new Outcome(JOB_FAILED, state + (failure == null ? "" : ": " + failure));
        }
        if (gate == null) {
            return new Outcome(PASSED, "completed (no thresholds asked)");
        }
        if (!gate.passed()) {
            return new Outcome(GATE_FAILED, gate.reason() == null ? "a threshold failed" : gate.reason());
        }
        return new Outcome(PASSED, "every threshold passed");
    }
}
