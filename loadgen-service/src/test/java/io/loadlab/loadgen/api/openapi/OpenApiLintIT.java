package io.loadlab.loadgen.api.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.TempDirs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged loadgen's {@code /q/openapi}, linted by Redocly CLI ({@code redocly lint}, installed by {@code .ci/setup}
 * at a pinned version) under {@code loadgen-service/redocly.yaml}: its recommended rules, {@code info-license} off.
 * Zero errors and zero warnings, so a generated client names its methods after the operationIds, knows every answer's
 * body and sends the token exactly where it is needed.
 */
class OpenApiLintIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static LoadgenService loadgen;
    private static Path work;

    @BeforeAll
    static void start() throws Exception {
        work = Files.createTempDirectory("openapi-lint-");
        loadgen = LoadgenService.start(work.resolve("data"));
    }

    @AfterAll
    static void stop() {
        if (loadgen != null) {
            loadgen.close();
        }
        TempDirs.remove(work);
    }

    @Test
    void theDocumentHasNoErrorAndNoWarningUnderTheStatedRules() throws Exception {
        Path document = work.resolve("openapi.yaml");
        Files.writeString(document, loadgen.text("/q/openapi"));
        Path config = Path.of(System.getProperty("user.dir"), "redocly.yaml");
        assertTrue(Files.isRegularFile(config), "the rule set " + config);
        List<String> command = List.of("redocly", "lint", "--config", config.toString(), "--format", "json", document.toString());
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(work.resolve("redocly.err").toFile());
        pb.environment().put("REDOCLY_TELEMETRY", "off");
        pb.environment().put("REDOCLY_SUPPRESS_UPDATE_NOTICE", "true");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new AssertionError("redocly (npm @redocly/cli, installed by .ci/setup) is required: " + e.getMessage(), e);
        }
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("redocly lint did not finish in 120 s");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        JsonNode result;
        try {
            result = JSON.readTree(text.substring(text.indexOf('{')));
        } catch (RuntimeException | IOException e) {
            throw new AssertionError("redocly lint wrote no JSON (exit " + p.exitValue() + "): " + text
                    + Files.readString(work.resolve("redocly.err")), e);
        }
        List<String> problems = new ArrayList<>();
        for (JsonNode problem : result.path("problems")) {
            problems.add(problem.path("severity").asText() + " " + problem.path("ruleId").asText() + " at "
                    + problem.path("location").path(0).path("pointer").asText() + ": " + problem.path("message").asText());
        }
        JsonNode totals = result.path("totals");
        System.out.println("OpenApiLintIT: redocly lint (recommended, info-license off): " + totals.path("errors").asInt()
                + " errors, " + totals.path("warnings").asInt() + " warnings, " + loadgen.json("/q/openapi?format=json")
                .path("paths").size() + " paths");
        assertEquals(List.of(), problems, "redocly lint");
        assertEquals(0, p.exitValue(), "redocly lint's exit status");
    }
}
