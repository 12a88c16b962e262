package io.loadlab.loadgen.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code /data} on the real service: upload, list, read, delete, the token, the cap, names, the directory. */
@QuarkusTest
class DataApiTest {

    static final String TOKEN = "Bearer " + RunsApiTest.TOKEN;
    static final Path DIRECTORY = Path.of("target/loadgen-data-directory");
    static final int CAP = 1024 * 1024; // loadgen.data.max-file-bytes in the tests' application.properties

    static Response upload(String name, String csv) {
        return given().header("Authorization", TOKEN).contentType("text/csv")
                .body(csv.getBytes(StandardCharsets.UTF_8)).post("/data/" + name);
    }

    @Test
    void anUploadIsListedReadWithTheTokenAndDeleted() {
        upload("api-ids.csv", "id\n1\n2\n").then().statusCode(201).contentType("application/json")
                .header("Location", containsString("/data/api-ids.csv"))
                .body("name", equalTo("api-ids.csv")).body("bytes", equalTo(7)).body("source", equalTo("uploaded"))
                .body("sha256", equalTo(sha256("id\n1\n2\n")));
        given().get("/data").then().statusCode(200).body("name", hasItem("api-ids.csv"))
                .body("find { it.name == 'api-ids.csv' }.source", equalTo("uploaded"))
                .body("find { it.name == 'api-ids.csv' }.bytes", equalTo(7));
        assertEquals("id\n1\n2\n", given().header("Authorization", TOKEN).get("/data/api-ids.csv").then()
                .statusCode(200).extract().asString());
        given().get("/data/api-ids.csv").then().statusCode(401).contentType("application/json");
        given().delete("/data/api-ids.csv").then().statusCode(401).contentType("application/json");
        given().header("Authorization", TOKEN).delete("/data/api-ids.csv").then().statusCode(204);
        given().header("Authorization", TOKEN).delete("/data/api-ids.csv").then().statusCode(404)
                .contentType("application/json").body("code", equalTo(404));
        given().get("/data").then().statusCode(200).body("name", not(hasItem("api-ids.csv")));
    }

    @Test
    void uploadsNeedTheTokenANameAndACsvType() {
        given().contentType("text/csv").body("id\n1\n").post("/data/x.csv").then().statusCode(401)
                .contentType("application/json");
        upload(".hidden", "id\n1\n").then().statusCode(400).contentType("application/json")
                .body("msg", containsString("[A-Za-z0-9][A-Za-z0-9._-]{0,127}"));
        upload("a%20b", "id\n1\n").then().statusCode(400).contentType("application/json");
        upload("x".repeat(129), "id\n1\n").then().statusCode(400).contentType("application/json");
        given().header("Authorization", TOKEN).contentType("text/html").body("<p>").post("/data/x.csv").then()
                .statusCode(415).contentType("application/json");
    }

    /** Issue 42: {@code /data/x;y} was {@code x} to JAX-RS, so an upload saved it and a delete deleted it. */
    @Test
    void aNameWithMatrixParametersIsA400AndTouchesNothing() {
        upload("matrix-ids.csv", "id\n1\n").then().statusCode(201);
        upload("matrix-ids.csv;v=2", "id\n2\n").then().statusCode(400).contentType("application/json")
                .body("msg", containsString("';' is not part of one"));
        given().header("Authorization", TOKEN).delete("/data/matrix-ids.csv;z").then().statusCode(400)
                .contentType("application/json");
        given().header("Authorization", TOKEN).get("/data/matrix-ids.csv;z").then().statusCode(400);
        assertEquals("id\n1\n", given().header("Authorization", TOKEN).get("/data/matrix-ids.csv").then()
                .statusCode(200).extract().asString(), "neither replaced nor deleted");
        given().header("Authorization", TOKEN).delete("/data/matrix-ids.csv").then().statusCode(204);
    }

    /** With a length over the cap: 413 before a byte is read. Chunked: the store reads to one byte past it. */
    @Test
    void aFileOverTheCapIs413NamingIt() {
        byte[] over = new byte[CAP + 1];
        Arrays.fill(over, (byte) '1');
        given().header("Authorization", TOKEN).contentType("text/csv").body(over).post("/data/big.csv").then()
                .statusCode(413).contentType("application/json").body("msg", containsString("loadgen.data.max-file-bytes"));
        given().header("Authorization", TOKEN).contentType("text/csv").body(new ByteArrayInputStream(over))
                .post("/data/big.csv").then().statusCode(413).contentType("application/json")
                .body("code", equalTo(413)).body("msg", containsString("loadgen.data.max-file-bytes"));
        given().header("Authorization", TOKEN).get("/data/big.csv").then().statusCode(404);
    }

    @Test
    void theDirectorysFilesAreListedReadAndNeitherShadowedNorDeleted() throws Exception {
        Files.createDirectories(DIRECTORY);
        Files.writeString(DIRECTORY.resolve("dir-ids.csv"), "id\n9\n");
        given().get("/data").then().statusCode(200).body("find { it.name == 'dir-ids.csv' }.source", equalTo("directory"));
        assertEquals("id\n9\n", given().header("Authorization", TOKEN).get("/data/dir-ids.csv").then()
                .statusCode(200).extract().asString());
        upload("dir-ids.csv", "id\n1\n").then().statusCode(409).contentType("application/json")
                .body("msg", containsString("loadgen.data.directory"));
        given().header("Authorization", TOKEN).delete("/data/dir-ids.csv").then().statusCode(409)
                .contentType("application/json");
    }

    static String sha256(String s) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
