package io.loadlab.testsupport;

import java.util.List;
import java.util.Objects;

/**
 * How test-support started a service, for a test that asks which binary it tests: {@code mode} JVM (the
 * {@code quarkus-run.jar}) or NATIVE (the build's {@code -runner}), the exact {@code command}, and the options
 * {@code dropped} because only a JVM takes them (empty on the JVM).
 */
public record Launch(Mode mode, List<String> command, List<String> dropped) {

    public enum Mode { JVM, NATIVE }

    public Launch {
        Objects.requireNonNull(mode, "mode");
        command = List.copyOf(command);
        dropped = List.copyOf(dropped);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("command: empty");
        }
    }
}
