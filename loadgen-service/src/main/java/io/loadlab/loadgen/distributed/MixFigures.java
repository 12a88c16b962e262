package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.loadlab.loadgen.http.RequestReport;

import java.util.List;

/**
 * A request mix's figures name by name, as one agent delivered them or as merged over all ({@link MixMerge}); in
 * JSON the plain array of the names' reports, as a local run's {@code mix}. Its own type so that the controller
 * carries it without naming the http kind's records (kinds name no other kind's).
 */
public record MixFigures(List<RequestReport> names) {

    public static final MixFigures NONE = new MixFigures(List.of());

    public MixFigures {
        names = names == null ? List.of() : List.copyOf(names);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static MixFigures of(List<RequestReport> names) {
        return new MixFigures(names);
    }

    /**
     * The mix of an agent's batch, checked ({@link MixMerge#check}); {@link #NONE} when it carries none.
     *
     * @throws IllegalArgumentException when it is not a mix the merge can read, so the caller fails that agent
     */
    public static MixFigures delivered(IntervalBatch batch) {
        if (batch.mix().isEmpty()) {
            return NONE;
        }
        MixMerge.check(batch.mix());
        return new MixFigures(batch.mix());
    }

    @Override
    @JsonValue
    public List<RequestReport> names() {
        return names;
    }

    public boolean isEmpty() {
        return names.isEmpty();
    }

    /** Each name's merged measured requests, in the mix's order (a cell's row shows their shares). */
    public java.util.Map<String, Long> requestsByName() {
        return RequestReport.requestsByName(names());
    }
}
