package io.loadlab.loadgen.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.mix.DataFiles;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueOrder;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.mix.ValueTable;
import io.loadlab.loadgen.mix.ValueTables;
import io.loadlab.loadgen.run.ConfigDefaults;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.RunJson;
import io.loadlab.loadgen.run.KindTypes;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mix as the reader makes it of JSON: every field, its defaults, and what a reader without the token sees. */
class HttpSpecReaderTest {

    private static final Map<String, String> FILES = Map.of("ids.csv", "sku,id\nA,\"1\"\nB,2\n");
    private static final DataFiles DATA = name -> Optional.ofNullable(FILES.get(name))
            .map(s -> (InputStream) new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8)));
    private final HttpKind kind = new HttpKind(null, null, ConfigDefaults.of(LimitsConfig.class), DATA);

    private HttpRunSpec read(String json) throws Exception {
        Violations v = new Violations();
        JsonFields fields = new JsonFields((ObjectNode) new ObjectMapper().readTree(json.replace('\'', '"')), v);
        fields.known("kind");
        HttpRunSpec spec = kind.read(fields);
        assertTrue(v.isEmpty(), v.list().toString());
        return spec;
    }

    private static final String MIX = "{'kind':'http','target':'http://127.0.0.1:9/','headers':{'Authorization':'Bearer s3cret'},"
            + "'requests':[{'name':'get-item','weight':8,'path':'/items/${id}'},"
            + "{'name':'add','weight':2,'method':'post','path':'/cart','headers':{'X-Tok':'${tok}'},'body':'{\\'id\\': ${id}}'}],"
            + "'values':{'id':{'from':'file','file':'ids.csv','column':'id','order':'random'},"
            + "'n':{'range':[1,3]},'tok':['t1',2]},'seed':-42}";

    @Test
    void aMixIsReadWithItsValuesAndSeed() throws Exception {
        HttpRunSpec spec = read(MIX);
        assertEquals(List.of(new RequestSpec("get-item", 8, "GET", "/items/${id}", Map.of(), null),
                new RequestSpec("add", 2, "POST", "/cart", Map.of("X-Tok", "${tok}"), "{\"id\": ${id}}")), spec.requests());
        assertEquals(Map.of("id", ValueSpec.file("ids.csv", "id", ValueOrder.RANDOM), "n", ValueSpec.range(1, 3, null),
                "tok", ValueSpec.list(List.of("t1", "2"), null)), spec.values());
        assertEquals(-42, spec.seed());
        assertTrue(spec.hasMix());
        Map<String, ValueTable> tables = ValueTables.resolve(spec.values(), DATA);
        assertEquals(List.of("1", "2"), tables.get("id").values().toList());
        assertEquals("file ids.csv, column id", tables.get("id").source());
        assertEquals(List.of("1", "2", "3"), tables.get("n").values().toList());
    }

    @Test
    void theOneRequestFormStaysAsItWas() throws Exception {
        HttpRunSpec spec = read("{'kind':'http','target':'http://127.0.0.1:9/x?q=1','method':'POST','body':'${not} a placeholder'}");
        assertFalse(spec.templated());
        assertEquals(0, spec.seed());
        assertEquals(List.of(new RequestSpec(RequestSpec.SINGLE, 1, "POST", null, Map.of(), "${not} a placeholder")), spec.mix());
    }

    @Test
    void aReaderWithoutTheTokenSeesNoHeaderValueBodyOrInlineValue() throws Exception {
        HttpRunSpec shown = (HttpRunSpec) kind.redacted(read(MIX), s -> s);
        assertNotNull(shown);
        assertEquals(Map.of("Authorization", RunSpec.REDACTED), shown.headers());
        assertEquals(List.of("get-item", "add"), shown.requests().stream().map(RequestSpec::name).toList());
        assertEquals(List.of(8, 2), shown.requests().stream().map(RequestSpec::weight).toList());
        assertEquals(Map.of("X-Tok", RunSpec.REDACTED), shown.requests().get(1).headers());
        assertEquals(RunSpec.REDACTED, shown.requests().get(1).body());
        assertEquals(List.of(RunSpec.REDACTED), shown.values().get("tok").list());
        assertEquals(shown.values().get("id"), ValueSpec.file("ids.csv", "id", ValueOrder.RANDOM));
        assertEquals(-42, shown.seed());
    }

    /**
     * What the API writes of a spec reads back through the reader: a controller hands its agents the spec as JSON, and
     * every distributed run failed in CI when a spec without a mix wrote {@code "requests": []}, which the reader refuses.
     */
    @Test
    void aSpecWrittenAsJsonReadsBackTheSame() throws Exception {
        ObjectMapper json = RunJson.configure(new ObjectMapper(),
                List.of(new KindTypes(HttpRunSpec.KIND, HttpRunSpec.class, HttpReport.class)));
        HttpRunSpec single = read("{'kind':'http','target':'http://127.0.0.1:9/x','connections':2,'threads':1}");
        ObjectNode written = json.valueToTree(single);
        assertFalse(written.has("requests") || written.has("values"), written.toString());
        assertEquals(single, read(json.writeValueAsString(single)));
        HttpRunSpec mix = read(MIX);
        assertEquals(mix, read(json.writeValueAsString(mix)));
    }
}
