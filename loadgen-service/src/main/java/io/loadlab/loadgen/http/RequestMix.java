package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.HeapRoom;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueTable;
import io.loadlab.loadgen.mix.ValueTables;
import io.loadlab.loadgen.mix.WeightedSequence;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's requests compiled once, before any loop starts: each entry of {@link HttpRunSpec#mix()} as bytes with
 * holes ({@link MixEntry}), each placeholder's values encoded for every place it is used ({@link EncodedValues}),
 * and the weighted order of entries ({@link WeightedSequence}). Shared by every loop; each request slot draws from
 * it through its own {@link MixCursor}. The one-request form without values never gets here: it keeps
 * {@link RequestTemplate}, byte for byte.
 */
final class RequestMix implements AutoCloseable {

    private final HttpRunSpec spec;
    private final MixEntry[] entries;
    private final EncodedValues[] values;
    private final WeightedSequence sequence;
    /** By entry: the placeholders its request draws, each once. */
    private final int[][] draws;
    private final int longestMessage;
    private final int longestH2Body;

    private RequestMix(HttpRunSpec spec, MixEntry[] entries, EncodedValues[] values) {
        this.spec = spec;
        this.entries = entries;
        this.values = values;
        this.sequence = WeightedSequence.of(spec.mix().stream().map(RequestSpec::weight).toList());
        this.draws = new int[entries.length][];
        int message = 0;
        int body = 0;
        for (int i = 0; i < entries.length; i++) {
            MixEntry e = entries[i];
            draws[i] = e.message != null ? e.message.placeholders() : e.h2 != null ? e.h2.placeholders() : new int[0];
            message = Math.max(message, e.message == null ? 0 : e.message.maxLength());
            body = Math.max(body, e.h2 == null ? 0 : e.h2.maxBody());
        }
        this.longestMessage = message;
        this.longestH2Body = body;
    }

    /**
     * @param tables the spec's values, resolved
     * @throws io.loadlab.loadgen.run.InvalidSpecException when a value would put CR or LF into a header (or a control
     *                                                     character into a path), naming it ({@link ValueTables#checkUse})
     */
    static RequestMix compile(HttpRunSpec spec, Map<String, ValueTable> tables) {
        List<RequestSpec> mix = spec.mix();
        ValueTables.checkUse(mix, tables); // the file may have changed since the spec was read
        Map<String, Integer> ids = new HashMap<>();
        EncodedValues[] values = new EncodedValues[tables.size()];
        for (ValueTable t : tables.values()) {
            values[ids.size()] = new EncodedValues(t, HeapRoom.RUNTIME);
            ids.put(t.name(), ids.size());
        }
        MixEntry[] entries = new MixEntry[mix.size()];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = MixEntry.compile(spec, mix.get(i), ids, values);
        }
        return new RequestMix(spec, entries, values);
    }

    /** The request slot numbered {@code slot} across the run's loops: its own seeded stream of choices. */
    MixCursor cursor(int slot) {
        return new MixCursor(this, slot);
    }

    HttpRunSpec spec() {
        return spec;
    }

    WeightedSequence sequence() {
        return sequence;
    }

    MixEntry entry(int i) {
        return entries[i];
    }

    int size() {
        return entries.length;
    }

    EncodedValues[] values() {
        return values;
    }

    int[] draws(int entry) {
        return draws[entry];
    }

    /** The longest HTTP/1.1 message any templated entry renders: a slot's buffer is sized to it once. */
    int longestMessage() {
        return longestMessage;
    }

    /** The longest HTTP/2 body any templated entry renders. */
    int longestH2Body() {
        return longestH2Body;
    }

    /** Frees the static entries' bytes; call once every connection is closed. */
    @Override
    public void close() {
        for (MixEntry e : entries) {
            e.close();
        }
    }
}
