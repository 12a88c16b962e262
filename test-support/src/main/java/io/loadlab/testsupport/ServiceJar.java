package io.loadlab.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A packaged service, found from any module of the build, started as the build made it: the JVM jar, or the native
 * executable when the build made one.
 * <p>
 * The rule: the system property {@code loadlab.<short>.runner} ({@code loadlab.target.runner},
 * {@code loadlab.loadgen.runner}) names the native runner. The root pom's {@code native} profile sets both to
 * {@code <module>/target/<module>-<version>-runner} and passes them to failsafe in every module, because the
 * loadgen's, grafana's and cli's ITs start both services; without the profile they are empty and the service runs
 * on the JVM. Not {@code native.image.path}: failsafe is given that in every build, native or not, and it names
 * only the module's own runner. A runner named but missing fails the test naming the path, never a quiet fall back
 * to the JVM, which would pass a native test run that tested the JVM (issue 28).
 * <p>
 * The jar: the system property {@code loadlab.<short>.jar} if set, else
 * {@code <module>/target/quarkus-app/quarkus-run.jar} under the first directory at or above the working directory
 * that holds the module. The reactor builds both services before the modules whose tests run them, so
 * {@code mvn verify} from the root always has the jars.
 */
public enum ServiceJar {

    TARGET("target-service", "target"),
    LOADGEN("loadgen-service", "loadgen");

    private final String module;
    private final String jarProperty;
    private final String runnerProperty;

    ServiceJar(String module, String shortName) {
        this.module = module;
        this.jarProperty = "loadlab." + shortName + ".jar";
        this.runnerProperty = "loadlab." + shortName + ".runner";
    }

    public String module() {
        return module;
    }

    /** The system property that names the native runner; blank or unset: the JVM. */
    public String runnerProperty() {
        return runnerProperty;
    }

    /** The jar; fails naming the build command when it has not been packaged. */
    public Path path() {
        String set = System.getProperty(jarProperty);
        Path jar = set != null ? Path.of(set) : underRepo();
        if (!Files.isReadable(jar)) {
            throw new AssertionError(module + " jar not found at " + jar.toAbsolutePath() + ": build it first (mvn package -am -pl "
                    + module + ", or mvn verify from the root)");
        }
        return jar;
    }

    /**
     * What starts the service: {@code prefix... runner -Dk=v...} when {@link #runnerProperty()} names a native runner,
     * else {@code prefix... java options... -jar jar}. The prefix (taskset, nsenter) execs, so the pid is the service's.
     * Natively only the {@code -D} options are passed: the others ({@code -Xmx}, {@code -XX:}, {@code -Xint}) belong
     * to the JVM and are listed in {@link Launch#dropped()}. Either way {@link #OWN_TEMP} comes first.
     */
    /**
     * A service's temp dir is its working directory, which {@link LocalProcess#startInTemp} owns and removes: Vert.x's
     * file cache and anything else a service puts in the temp dir goes with it, even after a SIGKILL (a CI run left
     * vertx-cache entries of killed services in /tmp). A later {@code -Djava.io.tmpdir} in the options wins.
     */
    static final String OWN_TEMP = "-Djava.io.tmpdir=.";

    public Launch launch(List<String> prefix, List<String> options) {
        List<String> cmd = new ArrayList<>(prefix);
        String runner = System.getProperty(runnerProperty, "").strip();
        if (runner.isEmpty()) {
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add(OWN_TEMP);
            cmd.addAll(options);
            cmd.addAll(List.of("-jar", path().toAbsolutePath().toString()));
            return new Launch(Launch.Mode.JVM, cmd, List.of());
        }
        Path exe = Path.of(runner).toAbsolutePath();
        if (!Files.isRegularFile(exe) || !Files.isExecutable(exe)) {
            throw new AssertionError(runnerProperty + " names the native runner " + exe + ", which is not an executable file:"
                    + " build it (mvn verify -Pnative -pl " + module + " -am) or leave -Pnative out to test the JVM jar");
        }
        cmd.add(exe.toString());
        cmd.add(OWN_TEMP);
        List<String> dropped = new ArrayList<>();
        for (String option : options) {
            (option.startsWith("-D") ? cmd : dropped).add(option);
        }
        return new Launch(Launch.Mode.NATIVE, cmd, dropped);
    }

    /** {@link #launch(List, List)}'s command. */
    public List<String> command(List<String> prefix, List<String> options) {
        return launch(prefix, options).command();
    }

    private Path underRepo() {
        Path relative = Path.of(module, "target", "quarkus-app", "quarkus-run.jar");
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(module))) {
                return dir.resolve(relative);
            }
        }
        return relative;
    }
}
