package io.loadlab.loadgen.api;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.HashSet;
import java.util.Set;

/**
 * One {@link NetnsTarget} (namespace, link, cgroup, JIT and interpreted target) for the netns experiment classes of
 * this JVM, {@code @RegisterExtension static final SharedNetnsTarget shared = new SharedNetnsTarget()}. Both classes
 * started the same one, core 1, and each set the link's rate and the cgroup's weight and quota per case (restored in
 * {@code finally}); starting it took 22.5 s of ExperimentsNetnsTest and about as much of ForeignTargetsNetnsTest in
 * a CI run beside a CPU hog (the interpreted target's Quarkus start), so the second class now finds it running.
 * <p>
 * Closed as soon as every class of {@link #USERS} has finished (they run one after the other: the same Quarkus test
 * profile), so no target idles through the rest of the suite; a run of one class alone closes it when JUnit ends.
 */
final class SharedNetnsTarget implements BeforeAllCallback, AfterAllCallback {

    /** The classes that share it; the last of them to finish closes it. */
    private static final Set<String> USERS = Set.of(ExperimentsNetnsTest.class.getName(), ForeignTargetsNetnsTest.class.getName());
    private static final ExtensionContext.Namespace STORE = ExtensionContext.Namespace.create(SharedNetnsTarget.class);

    private Running running;

    @Override
    public void beforeAll(ExtensionContext context) {
        running = context.getRoot().getStore(STORE).getOrComputeIfAbsent(Running.class, k -> Running.start(), Running.class);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (running != null && running.finished(context.getRequiredTestClass().getName())) {
            context.getRoot().getStore(STORE).remove(Running.class);
            running.close();
        }
    }

    /** The running target; the class's cases set its rate and cgroup as they need. */
    NetnsTarget get() {
        if (running == null) {
            throw new IllegalStateException("the shared netns target is not started: register SharedNetnsTarget on the class");
        }
        return running.target;
    }

    /** The target and which of its users have finished; closed by the last one, or by JUnit at its end. */
    private static final class Running implements ExtensionContext.Store.CloseableResource {
        private final NetnsTarget target;
        private final Set<String> finished = new HashSet<>();
        private boolean closed;

        private Running(NetnsTarget target) {
            this.target = target;
        }

        static Running start() {
            try {
                // no link limit: each case sets the rate it needs (ExperimentsNetnsTest's first, 50 Mbit/s)
                return new Running(new NetnsTarget(null, 1));
            } catch (Exception e) {
                NetnsTarget.cleanup();
                throw new IllegalStateException("the netns target did not start: " + e, e);
            }
        }

        synchronized boolean finished(String testClass) {
            finished.add(testClass);
            return finished.containsAll(USERS);
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            target.close();
            NetnsTarget.cleanup();
        }
    }
}
