package io.loadlab.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A service's packaged jar ({@code mvn package}), found from any module of the build: the system property
 * {@code loadlab.<module>.jar} if set, else {@code <module>/target/quarkus-app/quarkus-run.jar} under the first
 * directory at or above the working directory that holds the module. The reactor builds both services before the
 * modules whose tests run them, so {@code mvn verify} from the root always has the jars.
 */
public enum ServiceJar {

    TARGET("target-service", "target"),
    LOADGEN("loadgen-service", "loadgen");

    private final String module;
    private final String property;

    ServiceJar(String module, String shortName) {
        this.module = module;
        this.property = "loadlab." + shortName + ".jar";
    }

    public String module() {
        return module;
    }

    /** The jar; fails naming the build command when it has not been packaged. */
    public Path path() {
        String set = System.getProperty(property);
        Path jar = set != null ? Path.of(set) : underRepo();
        if (!Files.isReadable(jar)) {
            throw new AssertionError(module + " jar not found at " + jar.toAbsolutePath() + ": build it first (mvn package -am -pl "
                    + module + ", or mvn verify from the root)");
        }
        return jar;
    }

    /** {@code prefix... java properties... -jar jar}: the prefix (taskset, nsenter) execs the JVM, so its pid is the JVM's. */
    public List<String> command(List<String> prefix, List<String> jvmArgs) {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-jar", path().toAbsolutePath().toString()));
        return cmd;
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
