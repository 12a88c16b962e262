package io.loadlab.loadgen.distributed;

/**
 * {@code GET /agent/info}: who the agent is and whether it can take a run now.
 *
 * @param name    its own name (the pod's, in Kubernetes)
 * @param version its build's version: a controller runs only agents of its own version
 * @param ready   true when it could start a run now (no job active, data dir writable)
 * @param reason  why not ready, null when ready
 * @param cores   the event loops it runs on (the {@code cores} tag of its meters)
 */
public record AgentInfo(String name, String version, boolean ready, String reason, int cores) {

    /** Why the controller must not use this agent for a job of {@code controllerVersion}, or null when it may. */
    public String refusal(String controllerVersion) {
        if (!controllerVersion.equals(version)) {
            return "agent " + name + " runs version " + version + ", the controller " + controllerVersion;
        }
        if (!ready) {
            return "agent " + name + " is not ready: " + (reason == null ? "no reason given" : reason);
        }
        return null;
    }
}
