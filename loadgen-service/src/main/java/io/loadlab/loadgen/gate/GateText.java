package io.loadlab.loadgen.gate;

/**
 * A verdict as the text reports end with it (a run's wrk layout, an experiment's table), ASCII only, one threshold a
 * line:
 * <pre>
 * Thresholds: 2 of 3 passed
 *   PASS errors == 0 (actual 0)
 *   FAIL p99Millis &lt; 50 (actual 73.2)
 *   FAIL requestsPerSecond &gt;= 20000 (not measured)
 * Aborted by: errors &lt; 10
 * Gate: FAIL (p99Millis &lt; 50 failed: actual 73.2)
 * </pre>
 */
public final class GateText {

    private GateText() {
    }

    /** The lines, each ending in a newline; empty for no verdict. */
    public static String lines(GateResult gate) {
        if (gate == null) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        if (!gate.thresholds().isEmpty()) {
            long passed = gate.thresholds().stream().filter(ThresholdResult::passed).count();
            s.append("Thresholds: ").append(passed).append(" of ").append(gate.thresholds().size()).append(" passed\n");
            for (ThresholdResult t : gate.thresholds()) {
                s.append("  ").append(t.passed() ? "PASS " : "FAIL ").append(t.scope() == null ? "" : t.scope() + " ")
                        .append(t.name()).append(' ').append(t.limit())
                        .append(t.actual() == null ? " (not measured)" : " (actual " + Figures.text(t.actual()) + ")")
                        .append('\n');
            }
        }
        if (gate.abortedBy() != null) {
            s.append("Aborted by: ").append(gate.abortedBy()).append('\n');
        }
        s.append("Gate: ").append(gate.passed() ? "PASS" : "FAIL (" + gate.reason() + ")").append('\n');
        return s.toString();
    }
}
