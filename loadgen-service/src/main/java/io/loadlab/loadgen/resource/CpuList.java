package io.loadlab.loadgen.resource;

import java.util.regex.Pattern;

/**
 * A list of cores as Linux writes them ({@code cpuset.cpus}, {@code taskset -c}): {@code 1}, {@code 2-3},
 * {@code 0,2-3}. Bounded, since {@link PromQl} spells every core out in a regular expression: 1024 cores make a
 * matcher of about 5 KB, far inside what Prometheus parses.
 */
final class CpuList {

    static final int MAX_CORES = 1024;
    static final int MAX_LENGTH = 256;
    private static final Pattern FORM = Pattern.compile("\\d{1,4}(-\\d{1,4})?(,\\d{1,4}(-\\d{1,4})?)*");

    private CpuList() {
    }

    /** True when {@code cpus} has the form, each core below {@link #MAX_CORES}, ranges ascending, the total bounded. */
    static boolean valid(String cpus) {
        if (cpus.length() > MAX_LENGTH || !FORM.matcher(cpus).matches()) {
            return false;
        }
        int total = 0;
        for (String part : cpus.split(",")) {
            String[] ends = part.split("-");
            int from = Integer.parseInt(ends[0]);
            int to = ends.length > 1 ? Integer.parseInt(ends[1]) : from;
            if (to >= MAX_CORES || from > to) {
                return false;
            }
            total += to - from + 1;
        }
        return total <= MAX_CORES;
    }
}
