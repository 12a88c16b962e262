package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.run.Split;
import io.loadlab.loadgen.run.UnsplittableSpecException;

import java.math.BigDecimal;

/**
 * A UDP spec's message rate cut over agents: exactly ({@link Split}: the parts sum to the whole, the remainders in
 * units of 10^-3/s to the first agents). A {@code bitrate} was converted to this rate when the spec was read, so it
 * is split the same way. Flat out ({@code rate} 0) stays flat out on every agent.
 */
final class UdpSplit {

    private UdpSplit() {
    }

    /**
     * @throws UnsplittableSpecException naming {@code rate} when a part would fall below
     *                                    {@link RateSchedule#MIN_PER_SECOND}, the least a run accepts
     */
    static double[] rates(double rate, int agents) {
        double[] out = new double[agents];
        if (rate == 0) {
            return out;
        }
        BigDecimal whole = BigDecimal.valueOf(rate); // the shortest decimal of the double, as its JSON has it
        int[] equal = new int[agents];
        java.util.Arrays.fill(equal, 1);
        BigDecimal[] parts = Split.proportionally(whole, equal);
        for (int i = 0; i < agents; i++) {
            if (parts[i].doubleValue() < RateSchedule.MIN_PER_SECOND) {
                throw new UnsplittableSpecException("rate", whole.toPlainString() + " messages/s (a bitrate's too) over "
                        + agents + " agents gives " + parts[i].toPlainString() + "/s to one, below the minimum "
                        + RateSchedule.MIN_PER_SECOND + "/s: ask for fewer agents");
            }
            out[i] = parts[i].doubleValue();
        }
        return out;
    }
}
