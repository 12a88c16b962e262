package io.loadlab.loadgen.testkind;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.UnsplittableSpecException;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.nativeguards.HandedToJackson;
import io.loadlab.nativeguards.ReflectionRegistrations;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26 part 1: a kind added in its own package, with no edit outside it, is picked up by the registry, read from
 * {@code POST /runs} (a bad field named in a 400), run, reported (JSON and its text layout), counted into its own
 * meter, shown on the run page with its count noun, split exactly for agents and registered for native builds.
 */
@QuarkusTest
class ThrowawayKindTest {

    private static final int DATAGRAMS = 20;

    @Inject
    DatagramsKind kind;

    private static io.restassured.specification.RequestSpecification authed() {
        return given().header("Authorization", "Bearer test-token").contentType("application/json");
    }

    @Test
    void aKindInItsOwnPackageIsReadRunReportedCountedAndShown() throws Exception {
        try (DatagramSocket receiver = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            double before = sentMeter();
            Response posted = authed().body("{\"kind\":\"test-datagrams\",\"target\":\"udp://127.0.0.1:"
                    + receiver.getLocalPort() + "\",\"datagrams\":" + DATAGRAMS + ",\"duration\":\"200ms\"}")
                    .post("/runs");
            posted.then().statusCode(202).body("spec.kind", equalTo("test-datagrams"))
                    .body("spec.datagrams", equalTo(DATAGRAMS));
            String id = posted.path("id");

            assertEquals(DATAGRAMS, received(receiver), "datagrams the test's socket got");
            awaitCompleted(id);
            given().get("/runs/" + id).then().body("report.datagramsSent", equalTo(DATAGRAMS))
                    .body("report.series.points[0].requests", equalTo(DATAGRAMS));
            given().accept("text/plain").get("/runs/" + id + "/report").then().statusCode(200)
                    .body(containsString(DATAGRAMS + " datagrams to udp://127.0.0.1:" + receiver.getLocalPort()));
            assertEquals(before + DATAGRAMS, sentMeter(), "loadgen_test_datagrams_sent_total after the run");
            given().accept("text/html").get("/runs/" + id).then().statusCode(200)
                    .body(containsString("<th scope=\"col\">datagrams</th>"))
                    .body(containsString("datagramsSent"));
        }
    }

    @Test
    void aBadFieldOfTheNewKindIsA400NamingIt() {
        authed().body("{\"kind\":\"test-datagrams\",\"target\":\"udp://127.0.0.1:9\",\"datagrams\":0}").post("/runs")
                .then().statusCode(400).body("violations.field", hasItem("datagrams"));
        authed().body("{\"kind\":\"test-datagrams\",\"target\":\"udp://127.0.0.1:9\",\"datagrams\":\"many\"}")
                .post("/runs").then().statusCode(400).body("violations.field", hasItem("datagrams"));
    }

    @Test
    void itsSplitIsTypedAndExact() {
        DatagramsSpec whole = new DatagramsSpec(URI.create("udp://127.0.0.1:9"), 7, Duration.ofSeconds(1), null);
        List<RunSpec> parts = kind.parts(whole, 2);
        assertEquals(List.of(4, 3), parts.stream().map(p -> ((DatagramsSpec) p).datagrams()).toList());
        assertEquals(List.of(whole.target(), whole.target()), parts.stream().map(RunSpec::target).toList());
        UnsplittableSpecException e = assertThrows(UnsplittableSpecException.class, () -> kind.parts(whole, 8));
        assertTrue(e.getMessage().contains("datagrams"), e.getMessage());
    }

    /**
     * NativeReadinessTest's guard, walking from what the registry hands Jackson (every RunSpec and RunReport) over the
     * run contract and this package's classes only (scanning the whole of main took 12 s of this test): with this package's registration,
     * nothing of it is missing; without it, both records are named.
     */
    @Test
    void itsJsonTypesAreRegisteredInItsOwnPackageForNative() {
        assertEquals(List.of(), missingHere(true));
        List<String> without = missingHere(false);
        assertTrue(without.stream().anyMatch(m -> m.startsWith(DatagramsSpec.class.getName() + " "))
                && without.stream().anyMatch(m -> m.startsWith(DatagramsReport.class.getName() + " ")), without::toString);
    }

    private static List<String> missingHere(boolean withRegistration) {
        List<Class<?>> scanned = new java.util.ArrayList<>(List.of(RunSpec.class, RunReport.class, DatagramsSpec.class,
                DatagramsReport.class, DatagramsKind.class, DatagramsRun.class));
        if (withRegistration) {
            scanned.add(DatagramsJsonTypes.class);
        }
        JavaClasses classes = new ClassFileImporter().importClasses(scanned);
        List<HandedToJackson> handed = List.of(new HandedToJackson(RunSpec.class.getName(), "RunRecord.spec"),
                new HandedToJackson(RunReport.class.getName(), "RunRecord.report"));
        return ReflectionRegistrations.missing(classes, "io.loadlab.loadgen", handed).stream()
                .filter(m -> m.startsWith(DatagramsKind.class.getPackageName() + ".")).toList();
    }

    private static int received(DatagramSocket socket) throws Exception {
        socket.setSoTimeout(10_000);
        int count = 0;
        byte[] buffer = new byte[64];
        try {
            while (count < DATAGRAMS + 1) {
                socket.receive(new DatagramPacket(buffer, buffer.length));
                count++;
                // after the last expected one, wait briefly for any extra: a kind sending too many must fail here
                socket.setSoTimeout(count == DATAGRAMS ? 300 : 10_000);
            }
        } catch (SocketTimeoutException e) {
            return count;
        }
        return count;
    }

    private static double sentMeter() {
        String metrics = given().get("/q/metrics").asString();
        return metrics.lines().filter(l -> l.startsWith("loadgen_test_datagrams_sent_total{"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).findFirst()
                .orElseThrow(() -> new AssertionError("no loadgen_test_datagrams_sent_total in /q/metrics"));
    }

    private static void awaitCompleted(String id) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            if ("completed".equals(given().get("/runs/" + id).path("state"))) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
        throw new AssertionError("run " + id + " never completed: " + given().get("/runs/" + id).asString());
    }
}
