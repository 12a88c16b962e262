/**
 * HTML pages served by the loadgen itself (issue 13): a finished run's report, an experiment's report, a comparison of
 * runs, and the console's static files under {@code /ui/}. Qute renders the pages; uPlot (from its webjar, served by
 * the loadgen under {@code /webjars/}) draws every chart from numbers the page also shows as a table, so no page
 * loads anything from another host.
 *
 * <h2>Templates are typed</h2>
 * Each template declares its parameters' types ({@code {@io.loadlab.loadgen.page.RunPageView run}}), so the build
 * validates every expression against the view records and generates their value resolvers: a native image has no
 * reflection to fall back on (an untyped {@code {run.figures.headline}} answered 500 there, issue 28). A value a
 * template shows is a record here or an extension method of {@link io.loadlab.loadgen.page.Numbers}, never a Jackson
 * node or an {@code Object}; {@code NativeReadinessTest} fails on a template name without a declaration.
 *
 * <h2>May depend on</h2>
 * {@code report} (figures, percentile curve, series), {@code gate} and {@code stats} (records it shows), {@code run} and
 * {@code experiment} through their registries' public methods only, {@code api}'s error type (bad ids answer the API's JSON 404), Qute and JAX-RS. Nothing else
 * depends on this package. Pages read records; they never start, stop or change a job: the console's scripts (and
 * the experiment page's cancel) do that through the JSON API with the user's token.
 *
 * <h2>Kinds</h2>
 * A page never asks which kind a run is: it reads the report as JSON, shows its scalar fields as the headline figures
 * and every latency summary (an object with {@code p50}) as a column, so an open-model run shows intended-time
 * latency beside service time and a UDP run its round trips, and a new kind's report shows up as it is. What a report
 * holds in arrays (an iperf run's directions and intervals, a distributed run's agents) the kind itself lays out as
 * titled tables ({@code RunKind#tables}, kind-neutral {@code run.ReportTable}), which the page shows as they come,
 * charting the columns a table names; the page's one question to a kind besides its count noun.
 *
 * <h2>Running jobs</h2>
 * A running experiment's page shows the run now driving load and that run's live progress ({@link
 * io.loadlab.loadgen.page.LivePanel}) and reloads itself every 3 s; its cancel button is the console's mechanism,
 * not the page's: a script sends the token typed there (kept in the tab's session storage under the console's key)
 * as the bearer of {@code DELETE /experiments/{id}}, never in a URL or a form that could put it there.
 *
 * <h2>Numbers</h2>
 * Figures are shown in units people read ({@code 137,777 req/s}, {@code 1.63 ms}) by one formatter, {@link
 * io.loadlab.loadgen.page.Numbers}, the unit read from the figure's name ({@link io.loadlab.loadgen.page.Figure});
 * the JSON's exact text stays beside each in a {@code data-value} attribute for scripts. A verdict on thresholds, a
 * baseline comparison and repeats' intervals are rendered from the {@code gate} and {@code experiment} records as
 * they are kept, in their own words: a page judges nothing itself.
 */
package io.loadlab.loadgen.page;
