package io.loadlab.loadgen.job;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Pattern;

/**
 * Run ids that sort as their creation order: UTC time to the millisecond plus a counter within it,
 * e.g. {@code 20250101-120000-123-000}. Monotonic even if the clock steps back, and seeded from the
 * newest persisted id so a restart never reuses one.
 */
@ApplicationScoped
public class JobIds {

    /** Safe as a file name: no separators, no dots. */
    public static final Pattern FORMAT = Pattern.compile("\\d{8}-\\d{6}-\\d{3}-\\d{3}");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS").withZone(ZoneOffset.UTC);
    private static final int PER_MILLI = 1000;

    private final Clock clock;
    private long last;

    @Inject
    public JobIds(Clock clock) {
        this.clock = clock;
    }

    public synchronized String next() {
        long candidate = clock.millis() * PER_MILLI;
        last = Math.max(candidate, last + 1);
        long millis = last / PER_MILLI;
        return TIME.format(Instant.ofEpochMilli(millis)) + String.format("-%03d", last % PER_MILLI);
    }

    /** Makes every later id sort after {@code id}. */
    public synchronized void seedAfter(String id) {
        if (!FORMAT.matcher(id).matches()) {
            return;
        }
        long millis = Instant.from(TIME.parse(id.substring(0, 19))).toEpochMilli();
        last = Math.max(last, millis * PER_MILLI + Integer.parseInt(id.substring(20)));
    }

    public static boolean valid(String id) {
        return id != null && FORMAT.matcher(id).matches();
    }
}
