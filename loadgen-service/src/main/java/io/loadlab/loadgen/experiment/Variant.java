package io.loadlab.loadgen.experiment;

import java.util.Locale;

/**
 * One way of loading a target: the payload size and how the load is applied.
 *
 * @param number      items per answer ({@code {"number":N}}), about 88 bytes each
 * @param connections concurrent connections
 * @param threads     the loadgen's event loops
 * @param keepAlive   false: a new connection per request
 * @param rate        0: closed model; above 0: open model at this many requests per second
 */
public record Variant(int number, int connections, int threads, boolean keepAlive, double rate) {

    /** Short and stable, used in tables and as a metric label: {@code n=10 c=50}, {@code n=391 c=50 close r=300}. */
    public String label() {
        StringBuilder s = new StringBuilder("n=").append(number).append(" c=").append(connections);
        if (!keepAlive) {
            s.append(" close");
        }
        if (rate > 0) {
            s.append(" r=").append(rate == Math.rint(rate) ? Long.toString((long) rate) : String.format(Locale.ROOT, "%.1f", rate));
        }
        return s.toString();
    }

    public Variant atRate(double r) {
        return new Variant(number, connections, threads, keepAlive, r);
    }
}
