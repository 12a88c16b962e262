package io.loadlab.loadgen.api;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

/**
 * The issue's bad inputs for a request mix, each answered by {@code POST /runs} with a 400 naming the field: read,
 * checked by the records, and resolved (data files read) before anything starts.
 */
@QuarkusTest
class MixSpecApiTest {

    private static final String HEAD = "{'kind':'http','target':'http://127.0.0.1:9/','duration':'1s',";
    private static final String TWO = "'requests':[{'name':'a','path':'/a'},{'name':'b','path':'/b'}]";

    /** Uploaded once per test app, not per case: 26 cases of 3 uploads each were 78 posts for the same bytes. */
    private static boolean uploaded;

    @BeforeEach
    void files() throws Exception {
        if (uploaded) {
            return;
        }
        uploaded = true;
        DataApiTest.upload("mix-ids.csv", "id,name\n1,one\n2,two\n").then().statusCode(201);
        DataApiTest.upload("mix-bad.csv", "id,name\n1,one\n2,\"two\n").then().statusCode(201);
        DataApiTest.upload("mix-short.csv", "id,name\n1,one\n2\n").then().statusCode(201);
        Files.createDirectories(DataApiTest.DIRECTORY);
        Path big = DataApiTest.DIRECTORY.resolve("mix-big.csv");
        if (!Files.exists(big)) {
            Files.write(big, new byte[DataApiTest.CAP + 1]);
        }
    }

    static Stream<Arguments> badMixes() {
        String many = IntStream.range(0, 33).mapToObj(i -> "{'name':'r" + i + "'}").collect(Collectors.joining(","));
        return Stream.of(
                Arguments.of("weight 0", "'requests':[{'name':'a','weight':0}]", "requests[0].weight", "from 1 to 1000"),
                Arguments.of("weight negative", "'requests':[{'name':'a'},{'name':'b','weight':-3}]", "requests[1].weight", "from 1 to 1000"),
                Arguments.of("all weights zero", "'requests':[{'name':'a','weight':0},{'name':'b','weight':0}]", "requests[1].weight", "from 1 to 1000"),
                Arguments.of("weight not an integer", "'requests':[{'name':'a'},{'name':'b','weight':'x'}]", "requests[1].weight", "must be an integer"),
                Arguments.of("33 names", "'requests':[" + many + "]", "requests", "more than 32"),
                Arguments.of("an empty mix", "'requests':[]", "requests", "at least one"),
                Arguments.of("duplicate names", "'requests':[{'name':'a'},{'name':'a'}]", "requests[1].name", "named twice"),
                Arguments.of("no name", "'requests':[{'path':'/a'}]", "requests[0].name", "is required"),
                Arguments.of("unknown field in an entry", "'requests':[{'name':'a','colour':'red'}]", "requests[0].colour", "unknown field"),
                Arguments.of("a body beside a mix", TWO + ",'body':'x'", "body", "per request"),
                Arguments.of("unknown ${var}", "'requests':[{'name':'a','path':'/items/${id}'}]", "requests[0].path", "${id} is not defined"),
                Arguments.of("unknown field in a value", TWO + ",'values':{'id':{'range':[1,2],'step':2}}", "values.id.step", "unknown field"),
                Arguments.of("order not known", TWO + ",'values':{'id':{'range':[1,2],'order':'shuffled'}}", "values.id.order", "sequential or random"),
                Arguments.of("range of three", TWO + ",'values':{'id':{'range':[1,2,3]}}", "values.id.range", "at most 2 integers"),
                Arguments.of("two sources", TWO + ",'values':{'id':{'range':[1,2],'list':['a']}}", "values.id", "exactly one of"),
                Arguments.of("from without its source", TWO + ",'values':{'id':{'from':'file','list':['a']}}", "values.id.file", "is required"),
                Arguments.of("seed not an integer", TWO + ",'seed':'abc'", "seed", "must be an integer"),
                Arguments.of("a missing file", TWO + ",'values':{'id':{'from':'file','file':'nope.csv'}}", "values.id.file", "no data file 'nope.csv'"),
                Arguments.of("a missing column", TWO + ",'values':{'id':{'file':'mix-ids.csv','column':'sku'}}", "values.id.column", "has no column 'sku'"),
                Arguments.of("no column of two", TWO + ",'values':{'id':{'file':'mix-ids.csv'}}", "values.id.column", "name the one to read"),
                Arguments.of("a malformed CSV line", TWO + ",'values':{'id':{'file':'mix-bad.csv','column':'id'}}", "values.id.file", "mix-bad.csv line 3: opens a quoted field"),
                Arguments.of("a short CSV row", TWO + ",'values':{'id':{'file':'mix-short.csv','column':'id'}}", "values.id.file", "mix-short.csv line 3: has 1 fields, the header 2"),
                Arguments.of("a directory file over the cap", TWO + ",'values':{'id':{'file':'mix-big.csv'}}", "values.id.file", "over 1048576 (loadgen.data.max-file-bytes)"),
                Arguments.of("CR/LF into an entry's header", "'requests':[{'name':'a','headers':{'X-Id':'v ${tok}'}}],'values':{'tok':['ok','a\\r\\nX-Evil: 1']}",
                        "values.tok", "value 2 of list holds CR or LF, which would end header requests[0].headers.X-Id"),
                Arguments.of("CR/LF into the run's header", "'headers':{'Authorization':'Bearer ${tok}'},'values':{'tok':['a\\nb']}",
                        "values.tok", "CR or LF, which would end header headers.Authorization"),
                // issue 42: NUL, DEL and other control characters went out raw (RFC 9110 forbids them); a tab is allowed
                Arguments.of("NUL into an entry's header", "'requests':[{'name':'a','headers':{'X-Id':'${tok}'}}],'values':{'tok':['a\\tb','a\\u0000b']}",
                        "values.tok", "value 2 of list holds the control character U+0000, which RFC 9110 forbids in header requests[0].headers.X-Id"),
                Arguments.of("DEL in an entry's header", "'requests':[{'name':'a','headers':{'X-Id':'a\\u007fb'}}]",
                        "requests[0].headers", "value of 'X-Id' must not contain the control character U+007F"),
                Arguments.of("NUL in the run's header", TWO + ",'headers':{'X-Id':'a\\u0000b'}",
                        "headers", "value of 'X-Id' must not contain the control character U+0000"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badMixes")
    void eachBadMixIsA400NamingTheField(String what, String fields, String field, String message) {
        RunsApiTest.authed().body((HEAD + fields + "}").replace('\'', '"')).post("/runs").then()
                .statusCode(400).contentType("application/json").body("msg", equalTo("invalid run spec"))
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    /** Issue 42: 33 placeholders each used once gave 33 false "${pN} is not defined" beside the count's message. */
    @Test
    void thirtyThreePlaceholdersAreOneViolation() {
        StringBuilder path = new StringBuilder("/a");
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 33; i++) {
            path.append("/${p").append(i).append('}');
            values.append(i == 0 ? "" : ",").append("'p").append(i).append("':{'range':[1,2]}");
        }
        RunsApiTest.authed().body((HEAD + "'requests':[{'name':'a','path':'" + path + "'}],'values':{" + values + "}}")
                        .replace('\'', '"')).post("/runs").then()
                .statusCode(400).body("violations.size()", equalTo(1))
                .body("violations[0].field", equalTo("values"))
                .body("violations[0].message", containsString("at most 32 placeholders"));
    }
}
