package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.RunOutcome;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Drives one run from the command line for {@code bench/loadgen-vs-wrk.sh}, until the REST API
 * can: {@code HttpBench URL CONNECTIONS THREADS WARMUP_S DURATION_S [RATE]}. Prints one line of
 * {@code key=value} figures, the process's resident memory last.
 */
public final class HttpBench {

    private HttpBench() {
    }

    public static void main(String[] args) throws Exception {
        HttpRunSpec spec = new HttpRunSpec(URI.create(args[0]), "GET", Map.of(), null, Integer.parseInt(args[1]),
                Integer.parseInt(args[2]), Duration.ofSeconds(Long.parseLong(args[4])),
                Duration.ofSeconds(Long.parseLong(args[3])), args.length > 5 ? Double.parseDouble(args[5]) : 0, true,
                Duration.ofSeconds(10));
        RunOutcome outcome = new HttpRunDriver(new SystemNanoClock()).start(spec).done().toCompletableFuture()
                .get(spec.warmup().plus(spec.duration()).toSeconds() + 30, TimeUnit.SECONDS);
        HttpReport r = (HttpReport) outcome.report();
        System.out.printf(Locale.ROOT, "requests=%d seconds=%.3f rate=%.1f errors=%d p50us=%.1f p99us=%.1f"
                        + " warmup_requests=%d failure=%s rss_kib=%d%n", r.requests(), r.durationSeconds(),
                r.requestsPerSecond(), r.errors().total(), r.latencyMicros().p50(), r.latencyMicros().p99(),
                r.warmupRequests(), outcome.failure(), rssKib());
    }

    private static long rssKib() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return -1;
    }
}
