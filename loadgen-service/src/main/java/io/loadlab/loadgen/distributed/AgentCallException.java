package io.loadlab.loadgen.distributed;

/**
 * A controller-to-agent call that failed: refused, timed out, or answered with a status other than 2xx. The
 * message names the agent and the call, so a run failed by it says which agent.
 */
public final class AgentCallException extends Exception {

    /** An answer body is quoted up to this many characters: enough for a JSON error, bounded whatever comes. */
    static final int MAX_QUOTED = 300;

    private final String address;
    private final int status;

    public AgentCallException(String address, String call, int status, String body) {
        super("agent " + address + ": " + call + " answered " + status
                + (body == null || body.isEmpty() ? "" : ": " + quote(body)));
        this.address = address;
        this.status = status;
    }

    /** No usable answer: {@code why} says what came instead (nothing in time, too much). */
    public AgentCallException(String address, String call, String why) {
        super("agent " + address + ": " + call + " failed: " + why);
        this.address = address;
        this.status = 0;
    }

    public AgentCallException(String address, String call, Throwable cause) {
        super("agent " + address + ": " + call + " failed: " + cause, cause);
        this.address = address;
        this.status = 0;
    }

    public String address() {
        return address;
    }

    /** True when the caller's own interrupt cut the call: the agent is not to blame for it. */
    public boolean interrupted() {
        return getCause() instanceof InterruptedException;
    }

    /** The HTTP status, 0 when there was no answer. */
    public int status() {
        return status;
    }

    private static String quote(String body) {
        return body.length() <= MAX_QUOTED ? body : body.substring(0, MAX_QUOTED) + "...";
    }
}
