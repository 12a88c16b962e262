package io.loadlab.loadgen.run;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.loadlab.loadgen.report.RunReport;

import java.io.IOException;
import java.time.Duration;
import java.util.Collection;

/**
 * The one JSON shape of runs, shared by the API and the files on disk: specs and reports carry
 * their {@code "kind"}, durations are written as users write them ({@code 10s}), instants as ISO-8601.
 */
public final class RunJson {

    private RunJson() {
    }

    /**
     * Configures {@code mapper} (Quarkus' own, or a plain one in unit tests) for the given kinds.
     *
     * @throws IllegalStateException when two kinds share a name or a record ({@link KindTypes#requireDistinct})
     */
    public static ObjectMapper configure(ObjectMapper mapper, Collection<KindTypes> kinds) {
        KindTypes.requireDistinct(kinds);
        mapper.registerModule(new JavaTimeModule());
        mapper.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        mapper.addMixIn(RunSpec.class, KindTagged.class);
        mapper.addMixIn(RunReport.class, KindTagged.class);
        for (KindTypes k : kinds) {
            mapper.registerSubtypes(new NamedType(k.specType(), k.kind()), new NamedType(k.reportType(), k.kind()));
        }
        SimpleModule durations = new SimpleModule("loadgen-durations");
        durations.addSerializer(Duration.class, new ShortDurationSerializer());
        durations.addDeserializer(Duration.class, new ShortDurationDeserializer());
        mapper.registerModule(durations);
        return mapper;
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
    private interface KindTagged {
    }

    private static final class ShortDurationSerializer extends StdScalarSerializer<Duration> {
        ShortDurationSerializer() {
            super(Duration.class);
        }

        @Override
        public void serialize(Duration value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(Durations.format(value));
        }
    }

    private static final class ShortDurationDeserializer extends StdScalarDeserializer<Duration> {
        ShortDurationDeserializer() {
            super(Duration.class);
        }

        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.getValueAsString();
            return Durations.parse(text).orElseThrow(
                    () -> ctxt.weirdStringException(text, Duration.class, "not a duration like 10s or PT10S"));
        }
    }
}
