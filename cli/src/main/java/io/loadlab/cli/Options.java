package io.loadlab.cli;

import io.loadlab.cli.job.JobType;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/**
 * The command line as given: {@code run|experiment spec.json [--url U | --local] [--token-file F] [--junit F]
 * [--json F] [--html F] [--quiet]}. Every path and URL is checked for form here; files are read later.
 *
 * @param url   the loadgen; null with {@code local}
 * @param local start a loadgen of the command's own
 */
public record Options(JobType type, Path spec, URI url, boolean local, Path tokenFile, Path junit, Path json,
                      Path html, boolean quiet) {

    public static final URI DEFAULT_URL = URI.create("http://127.0.0.1:8090");

    public static final String USAGE = """
            usage: loadlab run|experiment SPEC.json [--url http://127.0.0.1:8090 | --local] [--token-file FILE]
                                                    [--junit OUT.xml] [--json OUT.json] [--html OUT.html] [--quiet]
              --url         the loadgen (default http://127.0.0.1:8090)
              --local       start a loadgen of its own from the checkout's packaged jar, stopped at exit
              --token-file  the API token (default: the environment's LOADLAB_TOKEN)
              --junit       JUnit XML: "run completed" and one testcase per threshold
              --json        the finished record, as GET /runs/{id} (or /experiments/{id}) answers
              --html        its page, as the loadgen serves it
              --quiet       no progress
            exit: 0 passed, 1 a threshold failed or a figure regressed, 2 usage or API error, 3 the job failed or
                  was cancelled, 130 interrupted (the job is cancelled on the server first)""";

    public static Options parse(List<String> args) throws UsageException {
        if (args.isEmpty()) {
            throw new UsageException("no command");
        }
        JobType type = switch (args.get(0)) {
            case "run" -> JobType.RUN;
            case "experiment" -> JobType.EXPERIMENT;
            default -> throw new UsageException("unknown command '" + cut(args.get(0)) + "' (run or experiment)");
        };
        Path spec = null;
        URI url = null;
        boolean local = false;
        boolean quiet = false;
        Path tokenFile = null;
        Path junit = null;
        Path json = null;
        Path html = null;
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--local" -> local = true;
                case "--quiet" -> quiet = true;
                case "--url" -> url = url(value(args, ++i, a));
                case "--token-file" -> tokenFile = Path.of(value(args, ++i, a));
                case "--junit" -> junit = Path.of(value(args, ++i, a));
                case "--json" -> json = Path.of(value(args, ++i, a));
                case "--html" -> html = Path.of(value(args, ++i, a));
                default -> {
                    if (a.startsWith("-")) {
                        throw new UsageException("unknown option '" + cut(a) + "'");
                    }
                    if (spec != null) {
                        throw new UsageException("one spec file only (got '" + cut(spec.toString()) + "' and '" + cut(a) + "')");
                    }
                    spec = Path.of(a);
                }
            }
        }
        if (spec == null) {
            throw new UsageException("no spec file");
        }
        if (local && url != null) {
            throw new UsageException("--local starts a loadgen of its own: give --url or --local, not both");
        }
        return new Options(type, spec, local ? null : url == null ? DEFAULT_URL : url, local, tokenFile, junit, json,
                html, quiet);
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size() || args.get(i).startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static URI url(String text) throws UsageException {
        try {
            URI u = new URI(text);
            if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
                throw new UsageException("--url must be http://host:port or https://host:port, not '" + cut(text) + "'");
            }
            return u;
        } catch (URISyntaxException e) {
            throw new UsageException("--url is not a URL: " + cut(e.getMessage()));
        }
    }

    /** Arguments are echoed in messages at most 200 characters long. */
    private static String cut(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
