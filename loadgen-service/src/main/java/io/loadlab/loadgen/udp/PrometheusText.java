package io.loadlab.loadgen.udp;

import java.util.OptionalLong;

/** Reads a counter out of Prometheus' text exposition format. */
final class PrometheusText {

    private PrometheusText() {
    }

    /** The sum of every sample of {@code name} (any labels), or empty when there is none. */
    static OptionalLong sum(String text, String name) {
        long sum = 0;
        boolean found = false;
        for (String line : text.split("\n")) {
            if (!line.startsWith(name) || line.length() == name.length()) {
                continue;
            }
            char next = line.charAt(name.length());
            if (next != '{' && next != ' ') {
                continue;
            }
            String value = line.substring(line.lastIndexOf(' ') + 1).trim();
            try {
                sum += (long) Double.parseDouble(value);
                found = true;
            } catch (NumberFormatException e) {
                // a sample with a timestamp or a malformed line: not one of ours
            }
        }
        return found ? OptionalLong.of(sum) : OptionalLong.empty();
    }
}
