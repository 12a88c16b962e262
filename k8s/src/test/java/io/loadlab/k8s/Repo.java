package io.loadlab.k8s;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Paths in the repository, and the services' own configuration that the manifests must agree with. */
final class Repo {

    static final String NAMESPACE = "loadlab";

    private Repo() {
    }

    /** The repository root: {@code loadlab.root} (set by the pom), else the parent of the working directory. */
    static Path root() {
        String prop = System.getProperty("loadlab.root");
        Path root = (prop != null ? Path.of(prop) : Path.of("..")).toAbsolutePath().normalize();
        if (!Files.isRegularFile(root.resolve("k8s/base/kustomization.yaml"))) {
            throw new IllegalStateException("not the loadlab repository root: " + root);
        }
        return root;
    }

    static Path k8s() {
        return root().resolve("k8s");
    }

    static Properties properties(String service) {
        Path file = root().resolve(service).resolve("src/main/resources/application.properties");
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(file.toString(), e);
        }
        return p;
    }

    /** The port a service listens on for HTTP: quarkus.http.port, Quarkus' default 8080. */
    static int httpPort(String service) {
        return Integer.parseInt(properties(service).getProperty("quarkus.http.port", "8080").trim());
    }

    /**
     * The port serving /q/health and /q/metrics: the HTTP port, or the management port (default 9000)
     * when quarkus.management.enabled is true.
     */
    static int managementPort(String service) {
        Properties p = properties(service);
        if (Boolean.parseBoolean(p.getProperty("quarkus.management.enabled", "false").trim())) {
            return Integer.parseInt(p.getProperty("quarkus.management.port", "9000").trim());
        }
        return httpPort(service);
    }

    /** "/q" unless quarkus.http.non-application-root-path says otherwise. */
    static String nonApplicationRoot(String service) {
        String r = properties(service).getProperty("quarkus.http.non-application-root-path", "q").trim();
        return r.startsWith("/") ? r : "/" + r;
    }

    /**
     * The environment variable both services read their CPU limit from: {@code LIMIT_ENV} in the shared
     * {@code io.loadlab.common.cores.Cores}, the rule for event loops and the {@code cores} tag (k8s/README.md).
     */
    static String cpuLimitEnv() {
        Path file = root().resolve("common/src/main/java/io/loadlab/common/cores/Cores.java");
        try {
            Matcher m = Pattern.compile("String LIMIT_ENV = \"([A-Z0-9_]+)\";").matcher(Files.readString(file));
            if (!m.find()) {
                throw new IllegalStateException(file + " declares no LIMIT_ENV");
            }
            return m.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException(file.toString(), e);
        }
    }

    static int targetUdpPort() {
        return Integer.parseInt(properties("target-service").getProperty("target.udp.port").trim());
    }

    static int targetHttpsPort() {
        return Integer.parseInt(properties("target-service").getProperty("target.https.port").trim());
    }

    static int targetIperfPort() {
        return Integer.parseInt(properties("target-service").getProperty("target.iperf.port").trim());
    }
}
