package io.loadlab.target.api;

import io.vertx.ext.web.RoutingContext;

import java.time.Duration;

/**
 * {@code target.api.delay}: every answer of the API under test sent that much later, on a Vert.x timer, so the event
 * loop goes on serving other connections meanwhile (a sleep there would stall every connection on the loop). With 0,
 * the answer is sent at once, with nothing allocated.
 */
final class AnswerDelay {

    /** The longest delay allowed: beyond it a load generator's timeout, not the service, is what a test measures. */
    static final Duration MAX = Duration.ofSeconds(10);

    private final long millis;

    private AnswerDelay(long millis) {
        this.millis = millis;
    }

    /** @throws IllegalArgumentException naming the setting when {@code delay} is negative, over 10 s or not whole ms */
    static AnswerDelay of(Duration delay) {
        if (delay.isNegative() || delay.compareTo(MAX) > 0 || delay.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("target.api.delay must be from 0 to 10s in whole milliseconds, was " + delay);
        }
        return new AnswerDelay(delay.toMillis());
    }

    /** Runs {@code answer} now, or after the delay unless the client has gone meanwhile. */
    void then(RoutingContext ctx, Runnable answer) {
        if (millis == 0) {
            answer.run();
            return;
        }
        ctx.vertx().setTimer(millis, id -> {
            if (!ctx.response().closed() && !ctx.response().ended()) {
                answer.run();
            }
        });
    }
}
