package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.mix.SeedStreams;
import io.loadlab.loadgen.run.Bitrate;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a run spec's JSON into one spec per agent: {@code connections} and {@code threads} split evenly (the
 * first agents take the remainders), {@code rate} in proportion to each agent's connections (so every
 * connection keeps the rate per connection the whole spec asked for; evenly when the kind has none) and
 * {@code bitrate} evenly; every other field is copied, {@code agents} dropped. Each part is then an ordinary
 * local spec that the agent validates against its own limits like any user's. Works on the JSON rather than
 * on a kind's record so that one splitter serves every kind.
 * <p>
 * A spec that draws (a request mix, values or a seed) gives agent {@code k} the seed
 * {@link SeedStreams#agentSeed}{@code (seed, k)}: with the same seed each agent would send the same sequence on its
 * connections, agent for agent. Sequential values are each agent's own pass: agents share no counter. Values from
 * a data file are refused ({@code values.X.file}): an agent has neither the controller's uploads nor, surely, its
 * allowlisted directory, and copying up to {@link io.loadlab.loadgen.mix.ValueSpec#MAX_VALUES} values of 8 KiB into
 * each part is no request to send; a {@code list} or a {@code range} travels with the spec.
 */
public final class SpecSplitter {

    public static final String AGENTS = "agents";
    private static final String SEED = "seed";
    private static final String VALUES = "values";
    /** Why a spec whose values come from a data file cannot be spread: the uploads are this loadgen's alone. */
    public static final String NO_DATA_FILES = "agents have no data files: give the values as a list or a range, or run "
            + "on one loadgen";

    private SpecSplitter() {
    }

    /**
     * @throws UnsplittableSpecException when a part would fall below what a run accepts: fewer than one
     *                                    connection or thread per agent, or an open-model rate under
     *                                    {@link RateSchedule#MIN_PER_SECOND} per agent
     */
    public static List<ObjectNode> split(ObjectNode spec, int agents) {
        if (agents < 1) {
            throw new UnsplittableSpecException(AGENTS, "must be at least 1, was " + agents);
        }
        int[] connections = ints(spec, "connections", agents);
        int[] threads = ints(spec, "threads", agents);
        BigDecimal[] rates = rates(spec, connections, agents);
        String[] bitrates = bitrates(spec, agents);
        long[] seeds = seeds(spec, agents);
        List<ObjectNode> parts = new ArrayList<>(agents);
        for (int i = 0; i < agents; i++) {
            ObjectNode part = spec.deepCopy();
            part.remove(AGENTS);
            if (connections != null) {
                part.put("connections", connections[i]);
            }
            if (threads != null) {
                part.put("threads", threads[i]);
            }
            if (rates != null) {
                part.put("rate", rates[i]);
            }
            if (bitrates != null) {
                part.put("bitrate", bitrates[i]);
            }
            if (seeds != null) {
                part.put(SEED, seeds[i]);
            }
            parts.add(part);
        }
        return parts;
    }

    private static int[] ints(ObjectNode spec, String field, int agents) {
        JsonNode node = spec.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.canConvertToInt() || !node.isIntegralNumber()) {
            throw new UnsplittableSpecException(field, "must be an integer");
        }
        int total = node.intValue();
        if (total < agents) {
            throw new UnsplittableSpecException(field, total + " cannot be split over " + agents
                    + " agents: each needs at least 1");
        }
        return Split.evenly(total, agents);
    }

    private static BigDecimal[] rates(ObjectNode spec, int[] connections, int agents) {
        JsonNode node = spec.get("rate");
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isNumber() || node.decimalValue().signum() < 0) {
            throw new UnsplittableSpecException("rate", "must be a number at least 0");
        }
        BigDecimal[] parts = Split.proportionally(node.decimalValue(), connections != null ? connections : ones(agents));
        if (node.decimalValue().signum() > 0) {
            for (BigDecimal part : parts) {
                if (part.doubleValue() < RateSchedule.MIN_PER_SECOND) {
                    throw new UnsplittableSpecException("rate", node.decimalValue().toPlainString() + "/s over " + agents
                            + " agents gives " + part.toPlainString() + "/s to one, below the minimum "
                            + RateSchedule.MIN_PER_SECOND + "/s: ask for fewer agents");
                }
            }
        }
        return parts;
    }

    private static String[] bitrates(ObjectNode spec, int agents) {
        JsonNode node = spec.get("bitrate");
        if (node == null || node.isNull()) {
            return null;
        }
        double bitsPerSecond = Bitrate.parse(node.asText())
                .orElseThrow(() -> new UnsplittableSpecException("bitrate", "not a bitrate: " + node.asText()));
        BigDecimal[] parts = Split.proportionally(BigDecimal.valueOf(bitsPerSecond), ones(agents));
        String[] out = new String[agents];
        for (int i = 0; i < agents; i++) {
            out[i] = parts[i].stripTrailingZeros().toPlainString();
        }
        return out;
    }

    /** Each agent's seed, or null for a spec that draws nothing (every kind but an http mix or values). */
    private static long[] seeds(ObjectNode spec, int agents) {
        JsonNode values = spec.get(VALUES);
        if (values != null && values.isObject()) {
            values.fields().forEachRemaining(v -> {
                JsonNode file = v.getValue().get("file");
                if (file != null && !file.isNull()) {
                    throw new UnsplittableSpecException(VALUES + "." + v.getKey() + ".file", NO_DATA_FILES);
                }
            });
        }
        JsonNode seed = spec.get(SEED);
        if ((seed == null || seed.isNull()) && !spec.has("requests") && !spec.has(VALUES)) {
            return null;
        }
        if (seed != null && !seed.isNull() && !(seed.isIntegralNumber() && seed.canConvertToLong())) {
            throw new UnsplittableSpecException(SEED, "must be an integer");
        }
        long base = seed == null || seed.isNull() ? 0 : seed.longValue();
        long[] seeds = new long[agents];
        for (int i = 0; i < agents; i++) {
            seeds[i] = SeedStreams.agentSeed(base, i);
        }
        return seeds;
    }

    private static int[] ones(int n) {
        int[] ones = new int[n];
        java.util.Arrays.fill(ones, 1);
        return ones;
    }
}
