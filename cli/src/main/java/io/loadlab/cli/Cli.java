package io.loadlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.cli.api.ApiException;
import io.loadlab.cli.api.LoadgenClient;
import io.loadlab.cli.job.Cancellation;
import io.loadlab.cli.job.Follower;
import io.loadlab.cli.local.LoadgenBinary;
import io.loadlab.cli.local.LocalLoadgen;
import io.loadlab.cli.progress.CellLines;
import io.loadlab.cli.progress.PlainLines;
import io.loadlab.cli.progress.ProgressView;
import io.loadlab.cli.progress.TerminalBar;
import io.loadlab.cli.report.Gate;
import io.loadlab.cli.report.Outcome;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One command: post, follow, report, write, judge. Usage and API errors are exit 2 with the message on stderr (the
 * API's own JSON error as it came, so a 400 names the refused field); the job's end decides the rest
 * ({@link Outcome}).
 */
public final class Cli {

    /** Each exchange with the loadgen, body included: a cancel waits up to 10 s on the server, so a little over. */
    static final Duration DEADLINE = Duration.ofSeconds(15);
    /** A poll every 0.5 s redraws the bar twice a second; plain lines come once a second. */
    static final Duration POLL = Duration.ofMillis(500);
    /** Without one good answer this long the loadgen is taken for gone: exit 2, not a CI job hanging. */
    static final Duration PATIENCE = Duration.ofSeconds(30);
    /** A loadgen JVM started under a busy 2-core CI box was ready in about 10 s; 90 s leaves room. */
    static final Duration LOCAL_STARTUP = Duration.ofSeconds(90);

    /** At most this much of an error's body is echoed to stderr. */
    static final int MAX_ERROR_ECHO = 4096;

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;
    private final boolean terminal;
    private final Path home;
    private final Clock clock;

    /**
     * @param terminal whether {@code out} is a terminal (a redrawn bar) or a log (plain lines)
     * @param home     the checkout, where {@code --local} finds the loadgen's jar (see {@link LoadgenBinary})
     */
    public Cli(PrintStream out, PrintStream err, Map<String, String> env, boolean terminal, Path home, Clock clock) {
        this.out = out;
        this.err = err;
        this.env = env;
        this.terminal = terminal;
        this.home = home;
        this.clock = clock;
    }

    public int run(List<String> args) throws InterruptedException {
        Options o;
        byte[] spec;
        String token;
        try {
            o = Options.parse(args);
            spec = Inputs.spec(o.spec());
            token = Inputs.token(o.tokenFile(), env);
        } catch (UsageException e) {
            err.println("loadlab: " + e.getMessage());
            err.println(Options.USAGE);
            return Outcome.USAGE_OR_API;
        }
        LocalLoadgen local = null;
        try {
            URI url = o.url();
            if (o.local()) {
                LoadgenBinary binary = LoadgenBinary.of(home, env);
                out.println("starting a local loadgen from " + binary.path() + " ...");
                local = LocalLoadgen.start(binary, Path.of(System.getProperty("java.home"), "bin", "java"),
                        LOCAL_STARTUP);
                url = local.url();
                token = local.token();
                out.println("local loadgen at " + url);
            }
            LoadgenClient client = new LoadgenClient(url, token, DEADLINE);
            LocalLoadgen stop = local;
            try (Cancellation cancel = new Cancellation(client, err, DEADLINE, () -> {
                if (stop != null) {
                    stop.close();
                }
            })) {
                if (local != null) {
                    local.handOver();
                }
                return follow(o, spec, client, cancel);
            }
        } catch (ApiException e) {
            err.println("loadlab: " + e.getMessage());
            if (e.body() != null && !e.body().isBlank()) {
                // the API's errors are under 1 KB; whatever else answered is cut to what a log line can hold
                err.println(e.body().length() <= MAX_ERROR_ECHO ? e.body()
                        : e.body().substring(0, MAX_ERROR_ECHO) + "... (" + e.body().length() + " characters)");
            }
            return Outcome.USAGE_OR_API;
        } catch (IOException | IllegalStateException e) {
            err.println("loadlab: " + e.getMessage());
            return Outcome.USAGE_OR_API;
        } finally {
            if (local != null) {
                local.close();
            }
        }
    }

    private int follow(Options o, byte[] spec, LoadgenClient client, Cancellation cancel)
            throws ApiException, InterruptedException, IOException {
        Instant started = clock.instant();
        cancel.posting();
        JsonNode posted;
        try {
            posted = client.post(o.type().collection(), spec);
        } catch (ApiException | InterruptedException | RuntimeException e) {
            cancel.postFailed();
            throw e;
        }
        String id = posted.path("id").asText("");
        if (id.isEmpty()) {
            cancel.postFailed();
            throw new ApiException("POST " + o.type().collection() + " answered without an id", 0, posted.toString());
        }
        String path = o.type().path(id);
        cancel.arm(path);
        out.println(o.type().word() + " " + id + " started: " + client.base().resolve(path));
        JsonNode done = new Follower(client, POLL, PATIENCE, System::nanoTime).until(path, view(o));
        cancel.disarm();
        Duration took = Duration.between(started, clock.instant());

        String report = printReport(o, client, id, done);
        Gate gate = Gate.of(done);
        if (gate != null && !Gate.shownIn(report)) {
            gate.lines().forEach(out::println);
        }
        Outcome outcome = Outcome.of(done.path("state").asText("?"), gate,
                done.hasNonNull("failure") ? done.get("failure").asText() : null);
        new Artifacts(client).write(o, done, took, clock.instant());
        out.println(o.type().word() + " " + id + ": " + outcome.why() + " (exit " + outcome.code() + ")");
        out.flush();
        return outcome.code();
    }

    /** Prints the job's text report (and its failure); the text, empty when it has none. */
    private String printReport(Options o, LoadgenClient client, String id, JsonNode done) throws InterruptedException {
        String report = "";
        try {
            report = client.text(o.type().textPath(id), "text/plain");
            out.println(report);
        } catch (ApiException e) {
            // a run that failed before measuring has no report: its failure says why
            out.println("(no text report: " + e.getMessage() + ")");
        }
        if (done.hasNonNull("failure")) {
            out.println("failure: " + done.get("failure").asText());
        }
        return report;
    }

    private ProgressView view(Options o) {
        if (o.quiet()) {
            return ProgressView.none();
        }
        if (o.type() == io.loadlab.cli.job.JobType.EXPERIMENT) {
            return new CellLines(out);
        }
        return terminal ? new TerminalBar(out) : new PlainLines(out, System::nanoTime, Duration.ofSeconds(1).toNanos());
    }
}
