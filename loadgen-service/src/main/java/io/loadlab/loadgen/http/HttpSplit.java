package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.mix.SeedStreams;
import io.loadlab.loadgen.run.Split;
import io.loadlab.loadgen.run.UnsplittableSpecException;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts an http spec into one spec per agent: {@code connections} and {@code threads} evenly (the first agents take
 * the remainders), {@code rate} in proportion to each agent's connections (so every connection keeps the rate per
 * connection the whole spec asked for); every other field is copied. Typed, so what a part holds is what the record
 * says, not what a JSON field of that name happened to hold.
 * <p>
 * Agent {@code k} draws from {@link SeedStreams#agentSeed}{@code (seed, k)}: with the same seed each agent would send
 * the same sequence on its connections, agent for agent. Sequential values are each agent's own pass: agents share no
 * counter. Values from a data file are refused ({@code values.X.file}): an agent has neither the controller's uploads
 * nor, surely, its allowlisted directory, and copying up to {@link io.loadlab.loadgen.mix.ValueSpec#MAX_VALUES} values
 * of 8 KiB into each part is no request to send; a {@code list} or a {@code range} travels with the spec.
 */
final class HttpSplit {

    static final String NO_DATA_FILES = HttpRunSpec.NO_DATA_FILES_ON_AGENTS;

    private HttpSplit() {
    }

    /**
     * @throws UnsplittableSpecException when a part would fall below what a run accepts: fewer than one connection or
     *                                    thread per agent, or an open-model rate under
     *                                    {@link RateSchedule#MIN_PER_SECOND} per agent; or values from a data file
     */
    static List<HttpRunSpec> split(HttpRunSpec s, int agents) {
        int[] connections = ints("connections", s.connections(), agents);
        int[] threads = ints("threads", s.threads(), agents);
        BigDecimal[] rates = rates(s.rate(), connections, agents);
        s.values().forEach((name, v) -> {
            if (v.file() != null) {
                throw new UnsplittableSpecException("values." + name + ".file", NO_DATA_FILES);
            }
        });
        List<HttpRunSpec> parts = new ArrayList<>(agents);
        for (int i = 0; i < agents; i++) {
            parts.add(new HttpRunSpec(s.target(), s.method(), s.headers(), s.body(), connections[i], threads[i],
                    s.duration(), s.warmup(), rates[i].doubleValue(), s.keepAlive(), s.timeout(), s.protocol(),
                    s.streams(), s.tls(), s.requests(), s.values(), SeedStreams.agentSeed(s.seed(), i)));
        }
        return parts;
    }

    private static int[] ints(String field, int total, int agents) {
        if (total < agents) {
            throw new UnsplittableSpecException(field, total + " cannot be split over " + agents
                    + " agents: each needs at least 1");
        }
        return Split.evenly(total, agents);
    }

    private static BigDecimal[] rates(double rate, int[] connections, int agents) {
        BigDecimal whole = BigDecimal.valueOf(rate); // the shortest decimal of the double, as its JSON has it
        BigDecimal[] parts = Split.proportionally(whole, connections);
        if (whole.signum() > 0) {
            for (BigDecimal part : parts) {
                if (part.doubleValue() < RateSchedule.MIN_PER_SECOND) {
                    throw new UnsplittableSpecException("rate", whole.toPlainString() + "/s over " + agents
                            + " agents gives " + part.toPlainString() + "/s to one, below the minimum "
                            + RateSchedule.MIN_PER_SECOND + "/s: ask for fewer agents");
                }
            }
        }
        return parts;
    }
}
