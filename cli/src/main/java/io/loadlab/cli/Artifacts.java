package io.loadlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.api.ApiException;
import io.loadlab.cli.api.LoadgenClient;
import io.loadlab.cli.job.JobType;
import io.loadlab.cli.report.JunitXml;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files a pipeline keeps: {@code --json} the finished record as read without the token (header values and bodies
 * redacted, as any reader sees them: a CI artifact is read by many), {@code --html} its page with the page's own
 * stylesheets and scripts inlined (it opens without the loadgen, as {@code .ci/local-load-test}'s does), {@code
 * --junit} JUnit XML. Each is written whole to a temporary file and moved into place.
 */
final class Artifacts {

    private static final Pattern STYLESHEET = Pattern.compile("<link rel=\"stylesheet\" href=\"(/[^\"]{1,200})\">");
    private static final Pattern SCRIPT = Pattern.compile("<script src=\"(/[^\"]{1,200})\"></script>");

    private final LoadgenClient client;
    private final ObjectMapper json = new ObjectMapper();

    Artifacts(LoadgenClient client) {
        this.client = client;
    }

    void write(Options o, JsonNode job, Duration took, Instant now) throws IOException, ApiException,
            InterruptedException {
        String id = job.path("id").asText();
        if (o.json() != null) {
            save(o.json(), json.writerWithDefaultPrettyPrinter().writeValueAsString(job));
        }
        if (o.junit() != null) {
            save(o.junit(), JunitXml.of(o.type().word(), job, took, now));
        }
        if (o.html() != null) {
            save(o.html(), page(o.type(), id));
        }
    }

    private String page(JobType type, String id) throws ApiException, InterruptedException {
        String page = client.text(type.pagePath(id), "text/html");
        page = inline(page, STYLESHEET, "<style>", "</style>");
        return inline(page, SCRIPT, "<script>", "</script>");
    }

    private String inline(String page, Pattern asset, String open, String close) throws ApiException,
            InterruptedException {
        Matcher m = asset.matcher(page);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String body = client.text(m.group(1), "*/*").replace("</script", "<\\/script").replace("</style", "<\\/style");
            m.appendReplacement(out, Matcher.quoteReplacement(open + body + close));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static void save(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".loadlab", ".tmp");
        try {
            // createTempFile makes it rw------- ; a report is for every reader of the workspace, as any file written
            try {
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: its default stays
            }
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file.toAbsolutePath(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
