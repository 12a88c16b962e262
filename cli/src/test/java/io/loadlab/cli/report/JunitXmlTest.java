package io.loadlab.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JunitXmlTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-12-05T02:00:00Z");

    @Test
    void aFailedThresholdIsAFailedTestcaseWithActualAgainstLimit() throws Exception {
        JsonNode run = JSON.readTree("""
                {"id":"r1","state":"completed","gate":{"passed":false,"reason":"p99Millis < 0.001: 2.5",
                 "thresholds":[{"name":"p99Millis","limit":"< 0.001","actual":2.5,"passed":false},
                               {"name":"errors","limit":"< 10","actual":0.0,"passed":true}]}}""");
        Document doc = JunitSchema.valid(JunitXml.of("run", run, Duration.ofMillis(2500), NOW));
        Element suite = doc.getDocumentElement();
        assertEquals("3", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("2.500", suite.getAttribute("time"));
        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals("run completed", ((Element) cases.item(0)).getAttribute("name"));
        assertEquals(0, ((Element) cases.item(0)).getElementsByTagName("failure").getLength());
        Element failed = (Element) cases.item(1);
        assertEquals("p99Millis < 0.001", failed.getAttribute("name"));
        assertEquals("p99Millis: actual 2.5, limit < 0.001",
                ((Element) failed.getElementsByTagName("failure").item(0)).getAttribute("message"));
        assertEquals(0, ((Element) cases.item(2)).getElementsByTagName("failure").getLength());
    }

    @Test
    void aFailedRunFailsItsFirstTestcaseAndEscapesItsText() throws Exception {
        JsonNode run = JSON.readTree("""
                {"id":"r2","state":"failed","failure":"4 of the 4 connections <never> opened & \\"refused\\""}""");
        Document doc = JunitSchema.valid(JunitXml.of("run", run, Duration.ofSeconds(1), NOW));
        Element failure = (Element) doc.getElementsByTagName("failure").item(0);
        assertEquals("run failed: 4 of the 4 connections <never> opened & \"refused\"", failure.getAttribute("message"));
        assertEquals("1", doc.getDocumentElement().getAttribute("failures"));
    }

    @Test
    void aRegressedFigureAgainstABaselineIsAFailedTestcase() throws Exception {
        JsonNode x = JSON.readTree("""
                {"id":"e2","state":"completed","comparison":{"baseline":"e1","figures":[
                  {"cell":"t/n=2","figure":"requestsPerSecond","change":"regressed","why":"[9k, 10k] below [19k, 20k]"},
                  {"cell":"t/n=2","figure":"p99Millis","change":"no significant change","why":"intervals overlap"}]}}""");
        Document doc = JunitSchema.valid(JunitXml.of("experiment", x, Duration.ofSeconds(9), NOW));
        assertEquals("3", doc.getDocumentElement().getAttribute("tests"));
        assertEquals("1", doc.getDocumentElement().getAttribute("failures"));
        assertTrue(((Element) doc.getElementsByTagName("failure").item(0)).getAttribute("message").startsWith("regressed: "));
    }

    @Test
    void theSchemaRefusesWhatACiServerCouldNotRead() {
        assertThrows(AssertionError.class, () -> JunitSchema.valid("<testsuite name=\"x\"><testcase/></testsuite>"));
    }
}
