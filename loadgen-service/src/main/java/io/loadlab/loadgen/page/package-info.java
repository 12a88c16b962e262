/**
 * HTML pages served by the loadgen itself (issue 13): a finished run's report, an experiment's report, a comparison of
 * runs, and the console's static files under {@code /ui/}. Qute renders the pages; uPlot (from its webjar, served by
 * the loadgen under {@code /webjars/}) draws every chart from numbers the page also shows as a table, so no page
 * loads anything from another host.
 *
 * <h2>May depend on</h2>
 * {@code report} (figures, percentile curve, series), {@code run} and {@code experiment} through their registries'
 * public methods only, {@code api}'s error type (bad ids answer the API's JSON 404), Qute and JAX-RS. Nothing else
 * depends on this package. Pages read records; they never start, stop or change a job: the console does that
 * through the JSON API with the user's token.
 *
 * <h2>Kinds</h2>
 * A page never asks which kind a run is: it reads the report as JSON, shows its scalar fields as the headline figures
 * and every latency summary (an object with {@code p50}) as a column, so an open-model run shows intended-time
 * latency beside service time and a UDP run its round trips, and a new kind's report shows up as it is.
 */
package io.loadlab.loadgen.page;
