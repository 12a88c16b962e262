package io.loadlab.cli.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code --local} starts: the loadgen's native executable when {@value #RUNNER} names one (it starts in about
 * 0.1 s against the JVM's 3 s), else its jar on this command's own JVM.
 *
 * @param path   the executable or the jar
 * @param isNative whether {@code path} is a native executable
 */
public record LoadgenBinary(Path path, boolean isNative) {

    /** The environment variable naming a native loadgen ({@code loadgen-service/target/*-runner}). */
    public static final String RUNNER = "LOADLAB_LOADGEN_RUNNER";

    /** {@value #RUNNER}'s executable when set and not blank, else the jar under {@code home} (the checkout). */
    public static LoadgenBinary of(Path home, Map<String, String> env) {
        String runner = env.getOrDefault(RUNNER, "").strip();
        if (!runner.isEmpty()) {
            return new LoadgenBinary(Path.of(runner), true);
        }
        return new LoadgenBinary(home.resolve(Path.of("loadgen-service", "target", "quarkus-app", "quarkus-run.jar")), false);
    }

    /** @throws IllegalStateException naming the path and the command that builds it, when it is missing */
    void requirePresent() {
        if (isNative && !(Files.isRegularFile(path) && Files.isExecutable(path))) {
            throw new IllegalStateException("no native loadgen at " + path + " (" + RUNNER + "): build it first (mvn -B"
                    + " -Pnative -pl loadgen-service -am package -DskipTests, with GRAALVM_HOME set; docs/native.md)");
        }
        if (!isNative && !Files.isReadable(path)) {
            throw new IllegalStateException("no loadgen at " + path + ": build it first (mvn -B -pl loadgen-service -am "
                    + "package -DskipTests)");
        }
    }

    /** The command that starts it with {@code properties} ({@code -Dk=v}), the jar on {@code java}. */
    List<String> command(Path java, List<String> properties) {
        List<String> command = new ArrayList<>();
        if (isNative) {
            command.add(path.toString());
            command.addAll(properties);
            return command;
        }
        command.add(java.toString());
        command.addAll(properties);
        command.addAll(List.of("-jar", path.toString()));
        return command;
    }
}
