package io.loadlab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/loadlab} run as a process, as a pipeline runs it: stdout and stderr to files, a bounded wait, killed if it
 * overstays. SIGINT's disposition is reset to the default before the script: a shell without job control starts
 * background commands with SIGINT ignored, and a JVM started so never runs its hooks on it (Ctrl-C in a terminal is
 * never ignored). Python's exec and the script's {@code exec java} keep one pid, so the pid signalled is the JVM's.
 */
final class Command {

    private static final String DEFAULT_SIGINT = "import os,signal,sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
            + "os.execvp(sys.argv[1], sys.argv[1:])";

    final Process process;
    final Path out;
    final Path err;

    private Command(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    static Path script() {
        String set = System.getProperty("loadlab.script");
        Path p = set != null ? Path.of(set) : Path.of("..", "bin", "loadlab");
        if (!Files.isExecutable(p)) {
            throw new AssertionError("bin/loadlab not found at " + p.toAbsolutePath());
        }
        return p.toAbsolutePath().normalize();
    }

    /** Starts {@code prefix... bin/loadlab args...} in {@code dir} with {@code env} added. */
    static Command start(Path dir, List<String> prefix, List<String> args, Map<String, String> env) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("python3", "-c", DEFAULT_SIGINT));
        cmd.addAll(prefix);
        cmd.add(script().toString());
        cmd.addAll(args);
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().remove("LOADLAB_TOKEN");
        pb.environment().putAll(env);
        return new Command(pb.start(), out, err);
    }

    /** The exit code, within {@code seconds}; killed and failed past it. */
    int exit(int seconds) throws InterruptedException, IOException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            throw new AssertionError("bin/loadlab still running after " + seconds + " s:\n" + describe());
        }
        return process.exitValue();
    }

    String out() throws IOException {
        return Files.readString(out);
    }

    String err() throws IOException {
        return Files.readString(err);
    }

    String describe() throws IOException {
        return "stdout:\n" + out() + "\nstderr:\n" + err();
    }
}
