package io.loadlab.common.cpu;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A cgroup's CFS bandwidth figures, cumulative since it was created: enforcement periods in which it had work
 * ({@code nr_periods}), periods in which it ran out of quota ({@code nr_throttled}), and time throttled, in
 * nanoseconds (v1 {@code throttled_time} is in ns, v2 {@code throttled_usec} in µs). Without a quota the
 * kernel counts no periods, so all three stay 0.
 */
public record CpuStat(long periods, long throttledPeriods, long throttledNanos) {

    /** A {@code cpu.stat} of cgroup v1 or v2 (told apart by the throttled-time key); empty without the CFS keys. */
    public static Optional<CpuStat> parse(String text) {
        Map<String, Long> kv = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 2) {
                try {
                    kv.put(f[0], Long.parseLong(f[1]));
                } catch (NumberFormatException ignored) {
                    // not a counter line
                }
            }
        }
        Long periods = kv.get("nr_periods");
        Long throttled = kv.get("nr_throttled");
        Long nanos = kv.containsKey("throttled_usec") ? Long.valueOf(kv.get("throttled_usec") * 1000) : kv.get("throttled_time");
        if (periods == null || throttled == null || nanos == null) {
            return Optional.empty();
        }
        return Optional.of(new CpuStat(periods, throttled, nanos));
    }
}
