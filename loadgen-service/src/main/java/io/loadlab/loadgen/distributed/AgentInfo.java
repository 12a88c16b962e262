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
        if (!AgentText.isName(name)) { // never quoted: a name past the rule may be megabytes or markup
            return "agent gives a name that is not 1 to 64 of [A-Za-z0-9._-]";
        }
        if (!controllerVersion.equals(version)) {
            return "agent " + name + " runs version " + AgentText.failure(version) + ", the controller " + controllerVersion;
        }
        if (!ready) {
            return "agent " + name + " is not ready: " + (reason == null ? "no reason given" : AgentText.failure(reason));
        }
        return null;
    }
}
