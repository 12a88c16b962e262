package io.loadlab.loadgen.controller;

import io.loadlab.loadgen.engine.NanoClock;

import java.util.concurrent.TimeUnit;

/**
 * One agent's poller, on a thread of its own: polls its intervals (which renews its lease) until it has settled,
 * and stops its part when the run stops. Agents are polled independently, so a slow or stalled agent never delays
 * another's polls or lease: polled one after another, two agents answering in 2.6 s kept a healthy agent unpolled
 * 5.2 s, past its 5 s lease, and its part was cancelled at 5.1 s of 20 (issue 22).
 */
final class AgentPoller implements Runnable {

    private final AgentTracker agent;
    private final NanoClock clock;
    private final long expectedEndNanos;

    /** @param expectedEndNanos when the run should end, on the controller's clock: polls quicken past it */
    AgentPoller(AgentTracker agent, NanoClock clock, long expectedEndNanos) {
        this.agent = agent;
        this.clock = clock;
        this.expectedEndNanos = expectedEndNanos;
    }

    @Override
    public void run() {
        agent.pollingFrom(clock.nanoTime());
        try {
            poll();
        } catch (Throwable e) { // an Error too; a bug or an answer nothing foresaw fails this agent, never the thread silently
            agent.fail("the controller could not poll it: " + e);
        }
    }

    private void poll() {
        while (!agent.settled()) {
            if (agent.stopRequested()) {
                Thread.interrupted(); // the stop's interrupt has cut the call in flight; the cancel must go out
                agent.cancel();
            }
            agent.poll();
            if (agent.settled()) {
                break;
            }
            long pause = agent.stopRequested() || clock.nanoTime() >= expectedEndNanos
                    ? ControllerRun.FINAL_POLL_NANOS : ControllerRun.POLL_NANOS;
            try {
                TimeUnit.NANOSECONDS.sleep(pause);
            } catch (InterruptedException e) {
                // a stop: the loop sends the cancel and polls for the last interval
            }
        }
        if (!agent.endedWell()) { // failed: its part may still run, and the run's other parts are being stopped
            Thread.interrupted();
            agent.cancel();
        }
    }
}
