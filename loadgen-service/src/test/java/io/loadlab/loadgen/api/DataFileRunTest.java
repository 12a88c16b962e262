package io.loadlab.loadgen.api;

import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A data file end to end: a 10,000-row CSV uploaded through {@code /data}, read in order by one connection against a
 * real nginx whose access log is the truth: each row sent once per pass, in the file's order, pass after pass.
 */
@QuarkusTest
@SystemTest
class DataFileRunTest {

    private static final int ROWS = 10_000;
    private static Nginx nginx;

    @BeforeAll
    static void startNginx() throws Exception {
        nginx = Nginx.logging("{\"ok\":true}");
    }

    @AfterAll
    static void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    /** Row i's id: a permutation of 0..9999 (7919 is prime to 10,000), so file order is not numeric order. */
    private static String id(int row) {
        return "sku-" + (row * 7919L % ROWS);
    }

    /**
     * Open model, 4,000/s for 3 s on one connection: exactly 12,000 requests by intended time, so 1.2 passes; every
     * request the loadgen sent is a line of nginx's, and line i carries row i mod 10,000.
     */
    @Test
    void aSequentialFileIsSentRowByRowOncePerPassInOrder() throws Exception {
        StringBuilder csv = new StringBuilder("note,sku\r\n");
        IntStream.range(0, ROWS).forEach(i -> csv.append("\"row ").append(i).append(", quoted\",").append(id(i)).append("\r\n"));
        DataApiTest.upload("skus.csv", csv.toString()).then().statusCode(201);
        int before = nginx.accessLog().size();

        String spec = "{'kind':'http','target':'" + nginx.uri("/") + "','connections':1,'threads':1,'rate':4000,"
                + "'duration':'3s','warmup':'0s','timeout':'5s','requests':[{'name':'item','path':'/a/${sku}'}],"
                + "'values':{'sku':{'from':'file','file':'skus.csv','column':'sku','order':'sequential'}}}";
        JsonPath run = FinishedRuns.completed(authed().body(spec.replace('\'', '"')).post("/runs").then().statusCode(202)
                .extract().path("id"));
        List<String> log = nginx.accessLog(before + 12_000); // nginx logs a request a moment after answering it
        List<String> sent = new ArrayList<>();
        log.subList(before, log.size()).forEach(line -> sent.add(line.split(" ")[3]));

        assertEquals(12_000, run.getLong("report.mix[0].sent"), "rate x duration, by intended time");
        assertEquals(run.getLong("report.requests") + run.getLong("report.warmupRequests"), sent.size(),
                "every answer counted is a line of nginx's");
        assertEquals(12_000, sent.size());
        for (int i = 0; i < sent.size(); i++) {
            assertEquals("/a/" + id(i % ROWS), sent.get(i), "request " + i);
        }
    }
}
