package io.loadlab.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * A finished job as JUnit XML, the format CI servers (Jenkins, GitLab, GitHub's test reporters) read as Surefire
 * writes it: one {@code testsuite}; a testcase {@code run completed} (failed when the job failed or was cancelled);
 * one per threshold, failed with actual against limit; one per figure compared with a baseline, failed when it
 * regressed. Built with the JDK's DOM, so every name and message is escaped as XML wants.
 */
public final class JunitXml {

    private JunitXml() {
    }

    /**
     * @param kind    {@code run} or {@code experiment}
     * @param job     the job's final JSON ({@code id}, {@code state}, {@code failure}, {@code gate}, {@code comparison})
     * @param took    how long the command followed it
     * @param now     when it is written (the suite's timestamp)
     */
    public static String of(String kind, JsonNode job, Duration took, Instant now) {
        Document doc = newDocument();
        Element suite = doc.createElement("testsuite");
        doc.appendChild(suite);
        String id = job.path("id").asText("?");
        String state = job.path("state").asText("?");
        int tests = 0;
        int failures = 0;

        String failure = job.hasNonNull("failure") ? job.get("failure").asText() : null;
        boolean completed = "completed".equals(state);
        suite.appendChild(testcase(doc, "loadlab." + kind, kind + " completed", took,
                completed ? null : kind + " " + state + (failure == null ? "" : ": " + failure), state));
        tests++;
        failures += completed ? 0 : 1;

        Gate gate = Gate.of(job);
        if (gate != null) {
            for (ThresholdLine t : gate.thresholds()) {
                String why = t.passed() ? null : t.name() + ": actual " + t.actualText() + ", limit " + t.limit()
                        + (t.scope() == null ? "" : " (" + t.scope() + ")");
                suite.appendChild(testcase(doc, "loadlab.thresholds", t.title(), Duration.ZERO, why, "threshold"));
                tests++;
                failures += t.passed() ? 0 : 1;
            }
        }
        for (JsonNode f : job.path("comparison").path("figures")) {
            boolean regressed = "regressed".equals(f.path("change").asText());
            String name = (f.hasNonNull("cell") ? f.get("cell").asText() + ": " : "") + f.path("figure").asText("?")
                    + " against " + job.path("comparison").path("baseline").asText("?");
            suite.appendChild(testcase(doc, "loadlab.baseline", name, Duration.ZERO,
                    regressed ? f.path("change").asText() + ": " + f.path("why").asText("") : null, "regression"));
            tests++;
            failures += regressed ? 1 : 0;
        }
        suite.setAttribute("name", "loadlab " + kind + " " + id);
        suite.setAttribute("tests", Integer.toString(tests));
        suite.setAttribute("failures", Integer.toString(failures));
        suite.setAttribute("errors", "0");
        suite.setAttribute("skipped", "0");
        suite.setAttribute("time", seconds(took));
        suite.setAttribute("timestamp", DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
                now.truncatedTo(ChronoUnit.SECONDS).atOffset(java.time.ZoneOffset.UTC).toLocalDateTime()));
        return write(doc);
    }

    private static Element testcase(Document doc, String classname, String name, Duration took, String failure,
                                    String type) {
        Element c = doc.createElement("testcase");
        c.setAttribute("name", name);
        c.setAttribute("classname", classname);
        c.setAttribute("time", seconds(took));
        if (failure != null) {
            Element f = doc.createElement("failure");
            f.setAttribute("message", failure);
            f.setAttribute("type", type);
            f.setTextContent(failure);
            c.appendChild(f);
        }
        return c;
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3f", d.toMillis() / 1000.0);
    }

    private static Document newDocument() {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML builder is missing", e);
        }
    }

    private static String write(Document doc) {
        try {
            var t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.INDENT, "yes");
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            StringWriter out = new StringWriter();
            t.transform(new DOMSource(doc), new StreamResult(out));
            return out.toString();
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot write JUnit XML", e);
        }
    }
}
