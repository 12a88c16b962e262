package io.loadlab.loadgen.run;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** Where a run is in its life. Written lowercase in JSON ({@code running}), as the API documents it. */
public enum RunState {
    QUEUED, RUNNING, COMPLETED, FAILED, CANCELLED;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True once the run can change no more: its report, if any, is final. */
    public boolean finished() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
