package io.loadlab.loadgen.gate;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The written form of thresholds: what it reads, what it refuses (naming the threshold), and that it reads back. */
class GateSpecTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theContractsExampleReadsAsFiveThresholdsInTheOrderWritten() throws Exception {
        GateSpec spec = read("""
                {"p99Millis": "< 50", "errors": {"limit": "< 10", "abortOnFail": true},
                 "requestsPerSecond": [">= 20000", "< 90000"], "trustworthy": true}""");
        assertEquals(List.of(
                new Threshold("p99Millis", Comparison.LESS, 50, false),
                new Threshold("errors", Comparison.LESS, 10, true),
                new Threshold("requestsPerSecond", Comparison.GREATER_OR_EQUAL, 20000, false),
                new Threshold("requestsPerSecond", Comparison.LESS, 90000, false),
                new Threshold("trustworthy", Comparison.EQUAL, 1, false)), spec.thresholds());
    }

    @Test
    void theWrittenFormReadsBackEqualThroughJackson() throws Exception {
        GateSpec spec = read("""
                {"p99Millis": "<50", "errorRate": "<= 1e-3", "errors": {"limit": "< 10", "abortOnFail": true},
                 "requestsPerSecond": [">= 20000", {"limit": "< 90000.50"}], "trustworthy": false, "x": "== -0.5"}""");
        String written = JSON.writeValueAsString(spec);
        assertEquals("{\"p99Millis\":\"< 50\",\"errorRate\":\"<= 0.001\",\"errors\":{\"limit\":\"< 10\",\"abortOnFail\":true},"
                + "\"requestsPerSecond\":[\">= 20000\",\"< 90000.5\"],\"trustworthy\":\"== 0\",\"x\":\"== -0.5\"}", written);
        assertEquals(spec, JSON.readValue(written, GateSpec.class));
        assertEquals(written, JSON.writeValueAsString(JSON.readValue(written, GateSpec.class)));
    }

    @Test
    void delayAbortEvalIsK6sAndReadsBack() throws Exception {
        GateSpec spec = read("{\"errorRate\": {\"limit\": \"< 0.001\", \"abortOnFail\": true, \"delayAbortEval\": \"1500ms\"},"
                + " \"errors\": {\"limit\": \"< 9\", \"abortOnFail\": true, \"delayAbortEval\": \"2m\"}}");
        assertEquals(java.time.Duration.ofMillis(1500), spec.thresholds().get(0).delayAbortEval());
        String written = JSON.writeValueAsString(spec);
        assertEquals("{\"errorRate\":{\"limit\":\"< 0.001\",\"abortOnFail\":true,\"delayAbortEval\":\"1500ms\"},"
                + "\"errors\":{\"limit\":\"< 9\",\"abortOnFail\":true,\"delayAbortEval\":\"120s\"}}", written);
        assertEquals(spec, JSON.readValue(written, GateSpec.class));
    }

    @Test
    void eachProblemNamesItsThreshold() {
        assertRefused("{\"p99Millis\": \"lt 50\"}", "thresholds.p99Millis", "'lt 50' must be a condition");
        assertRefused("{\"p99Millis\": \"< fifty\"}", "thresholds.p99Millis", "must be a condition");
        assertRefused("{\"p99Millis\": \"=< 50\"}", "thresholds.p99Millis", "must be a condition");
        assertRefused("{\"p99Millis\": 50}", "thresholds.p99Millis", "must be a condition");
        assertRefused("{\"p99Millis\": null}", "thresholds.p99Millis", "must be a condition");
        assertRefused("{\"p99Millis\": \"< 1e999\"}", "thresholds.p99Millis", "finite");
        assertRefused("{\"p99Millis\": []}", "thresholds.p99Millis", "an empty list");
        assertRefused("{\"p99Millis\": [\"< 5\", 7]}", "thresholds.p99Millis", "must be a condition");
        assertRefused("{\"errors\": {\"limit\": \"< 10\", \"abortOnFail\": \"yes\"}}", "thresholds.errors.abortOnFail", "true or false");
        assertRefused("{\"errors\": {\"abortOnFail\": true}}", "thresholds.errors.limit", "is required");
        assertRefused("{\"errors\": {\"limit\": \"< 10\", \"abort\": true}}", "thresholds.errors", "unknown field 'abort'");
        assertRefused("{\"errorRate\": {\"limit\": \"< 0.01\", \"delayAbortEval\": \"5s\"}}",
                "thresholds.errorRate.delayAbortEval", "goes with \"abortOnFail\": true");
        assertRefused("{\"errorRate\": {\"limit\": \"< 0.01\", \"abortOnFail\": true, \"delayAbortEval\": \"5 min\"}}",
                "thresholds.errorRate.delayAbortEval", "a duration like");
        assertRefused("{\"errorRate\": {\"limit\": \"< 0.01\", \"abortOnFail\": true, \"delayAbortEval\": \"61m\"}}",
                "thresholds.errorRate.delayAbortEval", "at most 1h");
        assertRefused("{\"p99 Millis\": \"< 5\"}", "thresholds.p99 Millis", "not a figure's name");
        assertRefused("{\"p99Millis\": \"<" + " ".repeat(100) + "5\"}", "thresholds.p99Millis", "must be a condition");
    }

    @Test
    void moreThanMaxIsRefusedAtTheFirstThresholdPastIt() {
        Map<String, Object> many = new LinkedHashMap<>();
        for (int i = 0; i < GateSpec.MAX; i++) {
            many.put("f" + i, "< 1");
        }
        assertEquals(GateSpec.MAX, GateSpec.of(many).thresholds().size());
        many.put("requests", List.of("> 1", "< 9"));
        InvalidThresholdException e = assertThrows(InvalidThresholdException.class, () -> GateSpec.of(many));
        assertEquals("thresholds.requests", e.field());
        assertTrue(e.problem().contains("more than 32 thresholds"), e.problem());
    }

    @Test
    void aThresholdJudgesEachComparisonExactlyAndNeverPassesWithoutAFigure() {
        GateSpec spec = GateSpec.of(Map.of("a", List.of("< 5", "<= 5", "> 5", ">= 5", "== 5")));
        List<ThresholdResult> at5 = Judge.thresholds(spec, Map.of("a", 5.0), null);
        assertEquals(List.of(false, true, false, true, true), at5.stream().map(ThresholdResult::passed).toList());
        List<ThresholdResult> none = Judge.thresholds(spec, Map.of(), null);
        assertTrue(none.stream().noneMatch(ThresholdResult::passed));
        assertTrue(none.stream().allMatch(r -> r.actual() == null));
    }

    @Test
    void aVerdictPassesOnlyWhenCompleteAndEveryThresholdPassed() {
        List<ThresholdResult> ok = List.of(new ThresholdResult("p99Millis", "< 50", 12.3, true));
        assertTrue(Judge.verdict(ok, null, null, null).passed());
        GateResult failedRun = Judge.verdict(ok, "the run failed: connection refused", null, null);
        assertEquals(false, failedRun.passed());
        assertEquals("the run failed: connection refused", failedRun.reason());
        List<ThresholdResult> bad = List.of(new ThresholdResult("p99Millis", "< 50", 73.25, false),
                new ThresholdResult("errors", "< 10", null, false));
        assertEquals("p99Millis < 50 failed: actual 73.25 (and 1 more failed)", Judge.verdict(bad, null, null, null).reason());
        GateResult aborted = Judge.verdict(bad, "aborted: errors < 10 failed at 3.2 s (actual 12)", "errors < 10", null);
        assertEquals("errors < 10", aborted.abortedBy());
        assertEquals(false, aborted.passed());
    }

    private static GateSpec read(String json) throws Exception {
        return JSON.readValue(json, GateSpec.class);
    }

    @SuppressWarnings("unchecked")
    private static void assertRefused(String json, String field, String problem) {
        InvalidThresholdException e = assertThrows(InvalidThresholdException.class,
                () -> GateSpec.of(JSON.readValue(json, Map.class)), json);
        assertEquals(field, e.field(), json);
        assertTrue(e.problem().contains(problem), json + ": " + e.problem());
    }
}
