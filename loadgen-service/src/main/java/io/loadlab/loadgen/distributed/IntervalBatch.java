package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.http.RequestReport;
import io.loadlab.loadgen.report.RunReport;

import java.util.List;

/**
 * {@code GET /agent/runs/{id}/intervals?from=k}: the intervals from index {@code k} on (at most
 * {@link #MAX_INTERVALS}; the controller asks again from the next index), and the run's state.
 *
 * @param state              the agent's run state ({@code pending}, {@code running}, {@code succeeded},
 *                           {@code failed}, {@code cancelled})
 * @param intervals          the intervals from the index asked for, in order
 * @param complete           true when the last interval is among them or was delivered before; false while more
 *                           are to come, including when this answer stopped at {@link #MAX_INTERVALS}
 * @param dropped            intervals from the index asked for that the agent no longer holds whole (the controller
 *                           fell more than {@code IntervalSeries.RAW_WINDOW} seconds behind)
 * @param startLatenessNanos how late the run started against the start asked for (its clock); null before start
 * @param saturation         the agent's generator saturation so far, 0..1
 * @param failure            why the run failed on the agent, null when it did not
 * @param mix                the part's request mix, name by name, from its report: only in a {@code complete} batch of
 *                           a run with a mix (absent otherwise), for the controller's merge per name ({@link MixMerge})
 * @param report             the part's own final report (its kind's, tagged with {@code "kind"}): only in a
 *                           {@code complete} batch the controller asked it for ({@code report=true}: its kind merges
 *                           the parts' reports, {@code PartsMerger}), and only when the part's run kept one; absent
 *                           otherwise
 */
public record IntervalBatch(String state, List<IntervalSample> intervals, boolean complete, long dropped,
                            Long startLatenessNanos, double saturation, String failure,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RequestReport> mix,
                            @JsonInclude(JsonInclude.Include.NON_NULL) RunReport report) {

    /** A batch without a mix: every batch but a mix run's last. */
    public IntervalBatch(String state, List<IntervalSample> intervals, boolean complete, long dropped,
                         Long startLatenessNanos, double saturation, String failure) {
        this(state, intervals, complete, dropped, startLatenessNanos, saturation, failure, null, null);
    }

    /** A batch without the part's report: every batch but the last of a part whose report was asked for. */
    public IntervalBatch(String state, List<IntervalSample> intervals, boolean complete, long dropped,
                         Long startLatenessNanos, double saturation, String failure, List<RequestReport> mix) {
        this(state, intervals, complete, dropped, startLatenessNanos, saturation, failure, mix, null);
    }

    /** The most intervals one answer carries: 100 seconds, at most about 4 MiB. */
    public static final int MAX_INTERVALS = 100;

    public IntervalBatch {
        intervals = intervals == null ? List.of() : List.copyOf(intervals);
        mix = mix == null ? List.of() : List.copyOf(mix);
        if (intervals.size() > MAX_INTERVALS) {
            throw new IllegalArgumentException("at most " + MAX_INTERVALS + " intervals per batch, had " + intervals.size());
        }
        if (report != null && !complete) {
            throw new IllegalArgumentException("a part's report comes in its complete batch only");
        }
    }
}
