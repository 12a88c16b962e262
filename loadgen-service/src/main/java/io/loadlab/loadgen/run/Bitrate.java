package io.loadlab.loadgen.run;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Bits per second as iperf3's {@code -b} takes them: {@code 500K}, {@code 100M}, {@code 1.5G}, decimal multiples. */
public final class Bitrate {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)([kKmMgG]?)");

    private Bitrate() {
    }

    /** The rate in bits per second, or empty when the text is not that form or is not above zero. */
    public static Optional<Double> parse(String text) {
        Matcher m = text == null ? null : FORM.matcher(text.trim());
        if (m == null || !m.matches()) {
            return Optional.empty();
        }
        double bits = Double.parseDouble(m.group(1)) * switch (m.group(2).toUpperCase()) {
            case "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            default -> 1;
        };
        return bits > 0 && Double.isFinite(bits) ? Optional.of(bits) : Optional.empty();
    }

    /** Messages per second that carry {@code bitsPerSecond} in datagrams of {@code messageSize} bytes. */
    public static double messagesPerSecond(double bitsPerSecond, int messageSize) {
        return bitsPerSecond / (8.0 * messageSize);
    }
}
