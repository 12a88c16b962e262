package io.loadlab.loadgen.resource;

import io.loadlab.testsupport.RecordedExposition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * The recorded expositions read as text, independently of Prometheus: a metric's samples in the first and the last
 * capture, summed over the lines a test picks.
 */
final class Recorded {

    private static final String RECORDING = "kubelet-1.20.2";

    private Recorded() {
    }

    /** The sum over the chosen lines of {@code name}: last capture minus first. */
    static double delta(String kind, String name, Predicate<String> lines) {
        List<Path> files = RecordedExposition.recording(RECORDING, kind);
        return total(files.get(files.size() - 1), name, lines) - total(files.get(0), name, lines);
    }

    private static double total(Path file, String name, Predicate<String> lines) {
        try (var all = Files.lines(file)) {
            List<String> chosen = all.filter(l -> l.startsWith(name + "{") || l.startsWith(name + " ")).filter(lines).toList();
            if (chosen.isEmpty()) {
                throw new AssertionError("no " + name + " in " + file);
            }
            return chosen.stream().mapToDouble(Recorded::value).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The sample's value: the first field after the labels (a timestamp may follow). */
    private static double value(String line) {
        String rest = line.contains("{") ? line.substring(line.lastIndexOf('}') + 1) : line.substring(line.indexOf(' '));
        return Double.parseDouble(rest.trim().split(" ")[0]);
    }
}
