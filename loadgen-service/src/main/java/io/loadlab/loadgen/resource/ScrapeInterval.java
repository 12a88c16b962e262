package io.loadlab.loadgen.resource;

import java.time.Duration;

/**
 * The scrape interval that feeds a source's series, from {@code /api/v1/targets?state=active}: the longest among
 * the targets whose labels satisfy the spec's match, else (cAdvisor's series carry the pod's labels, its kubelet
 * target does not) the longest among all active targets. Longest, since a cell must span enough scrapes of the
 * slowest series it reads. Null {@code interval} with {@code failure} when it could not be read.
 *
 * @param matched whether the interval is a matched target's rather than the longest of all
 */
record ScrapeInterval(Duration interval, boolean matched, String failure) {

    /**
     * Prometheus's duration text as its API writes {@code scrapeInterval}: units y, w, d, h, m, s, ms in that order,
     * each at most once ({@code 15s}, {@code 1m30s}, {@code 500ms}); null when it is not one.
     */
    static Duration parse(String text) {
        if (text == null || text.isEmpty() || text.length() > 32) {
            return null;
        }
        String[] units = {"y", "w", "d", "h", "m", "s", "ms"};
        long[] millis = {365L * 86_400_000, 7L * 86_400_000, 86_400_000, 3_600_000, 60_000, 1000, 1};
        long total = 0;
        int at = 0;
        int next = 0;
        while (at < text.length()) {
            int digits = at;
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
                at++;
            }
            if (at == digits || at - digits > 9) {
                return null;
            }
            long n = Long.parseLong(text.substring(digits, at));
            int u = -1;
            for (int i = next; i < units.length && u < 0; i++) {
                if (text.startsWith(units[i], at) && !(units[i].equals("m") && text.startsWith("ms", at))) {
                    u = i;
                }
            }
            if (u < 0) {
                return null;
            }
            at += units[u].length();
            total += n * millis[u];
            next = u + 1;
        }
        return Duration.ofMillis(total);
    }
}
