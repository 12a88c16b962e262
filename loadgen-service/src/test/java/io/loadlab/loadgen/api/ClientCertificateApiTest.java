package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A spec's client certificate ({@code tls.certificate}, {@code tls.key}): refused at POST with a 400 naming the field
 * when it cannot be used, and its key read back by nobody, token or not, in the 202, the run's JSON and its page.
 */
@QuarkusTest
class ClientCertificateApiTest {

    private static final Instant NOW = Instant.now();
    private static final IssuedCertificate CLIENT = Certificates.selfSigned(List.of("client"), NOW.minus(Duration.ofDays(1)),
            NOW.plus(Duration.ofDays(1)));
    private static final IssuedCertificate OTHER = Certificates.selfSigned(List.of("other"), NOW.minus(Duration.ofDays(1)),
            NOW.plus(Duration.ofDays(1)));

    @Test
    void aCertificateWithoutItsKeyIs400NamingTheKey() throws Exception {
        refused(Map.of("certificate", CLIENT.certificatePem()), "tls.key", "must be given with tls.certificate");
    }

    @Test
    void aKeyWithoutItsCertificateIs400NamingTheCertificate() throws Exception {
        refused(Map.of("key", CLIENT.keyPem()), "tls.certificate", "must be given with tls.key");
    }

    @Test
    void aKeyThatIsNotTheCertificatesIs400() throws Exception {
        refused(Map.of("certificate", CLIENT.certificatePem(), "key", OTHER.keyPem()), "tls.key",
                "is not the private key of tls.certificate");
    }

    @Test
    void aKeyThatDoesNotParseIs400WithoutQuotingIt() throws Exception {
        String broken = "-----BEGIN PRIVATE KEY-----\nc2VjcmV0LWJ1dC1icm9rZW4=\n-----END PRIVATE KEY-----\n";
        Response r = refused(Map.of("certificate", CLIENT.certificatePem(), "key", broken), "tls.key", "private key");
        assertFalse(r.asString().contains("c2VjcmV0LWJ1dC1icm9rZW4"), "the 400 quoted the key: " + r.asString());
    }

    @Test
    void aKeyInAnotherFormIs400() throws Exception {
        refused(Map.of("certificate", CLIENT.certificatePem(), "key", "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n"),
                "tls.key", "PKCS#8");
    }

    @Test
    void aCertificateThatDoesNotParseIs400() throws Exception {
        refused(Map.of("certificate", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", "key", CLIENT.keyPem()),
                "tls.certificate", "not a PEM bundle");
    }

    /** Nothing listens on port 9: the run fails at once, its record kept, and the key shows nowhere. */
    @Test
    void theKeyIsShownToNobody() throws Exception {
        String keyBody = CLIENT.keyPem().lines().filter(l -> !l.startsWith("-----")).findFirst().orElseThrow();
        Response started = authed().body(spec(Map.of("certificate", CLIENT.certificatePem(), "key", CLIENT.keyPem())))
                .post("/runs");
        started.then().statusCode(202).body("spec.tls.key", equalTo("<redacted>"))
                .body("spec.tls.certificate", equalTo(CLIENT.certificatePem()));
        assertFalse(started.asString().contains(keyBody), "the 202 showed the key");
        String id = started.path("id");
        for (int i = 0; i < 300 && List.of("queued", "running").contains(given().get("/runs/" + id).<String>path("state")); i++) {
            Thread.sleep(100);
        }
        for (Response r : List.of(given().accept("application/json").get("/runs/" + id),
                authed().accept("application/json").get("/runs/" + id), given().accept("text/html").get("/runs/" + id),
                authed().accept("text/html").get("/runs/" + id), authed().get("/runs"))) {
            r.then().statusCode(200);
            assertFalse(r.asString().contains(keyBody), "a read showed the key: " + r.asString());
        }
        authed().accept("application/json").get("/runs/" + id).then().body("spec.tls.key", equalTo("<redacted>"));
    }

    private static Response refused(Map<String, String> tls, String field, String message) throws Exception {
        Response r = authed().body(spec(tls)).post("/runs");
        r.then().statusCode(400).body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
        return r;
    }

    private static String spec(Map<String, String> tls) throws Exception {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("kind", "http");
        spec.put("target", "https://127.0.0.1:9/");
        spec.put("duration", "300ms");
        spec.put("connections", 1);
        spec.put("tls", tls);
        return new ObjectMapper().writeValueAsString(spec);
    }
}
