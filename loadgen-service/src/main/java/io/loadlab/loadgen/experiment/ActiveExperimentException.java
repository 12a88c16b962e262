package io.loadlab.loadgen.experiment;

/** An experiment or a run is already driving load; the API answers 409 naming it. */
public class ActiveExperimentException extends RuntimeException {

    private final String active;

    public ActiveExperimentException(String message, String active) {
        super(message, null, false, false);
        this.active = active;
    }

    /** The id of the experiment or run in the way. */
    public String active() {
        return active;
    }
}
