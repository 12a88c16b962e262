package io.loadlab.cli.progress;

import com.fasterxml.jackson.databind.JsonNode;

/** Shows a job's progress from each poll of its JSON. */
public interface ProgressView {

    /** The job as just polled ({@code GET /runs/{id}} or {@code GET /experiments/{id}}). */
    void update(JsonNode job);

    /** The job has finished: end the line the view may have left open. */
    void finish();

    /** Shows nothing ({@code --quiet}). */
    static ProgressView none() {
        return new ProgressView() {
            @Override
            public void update(JsonNode job) {
            }

            @Override
            public void finish() {
            }
        };
    }
}
