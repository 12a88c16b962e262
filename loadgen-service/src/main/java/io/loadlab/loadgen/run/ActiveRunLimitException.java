package io.loadlab.loadgen.run;

import java.util.List;

/** A run was asked for while {@code loadgen.runs.max-active} runs are already active. */
public class ActiveRunLimitException extends RuntimeException {

    private final List<String> activeIds;

    public ActiveRunLimitException(List<String> activeIds) {
        super("already " + activeIds.size() + " active run(s): " + activeIds);
        this.activeIds = List.copyOf(activeIds);
    }

    public List<String> activeIds() {
        return activeIds;
    }
}
