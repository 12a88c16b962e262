package io.loadlab.loadgen.api.openapi;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * OpenAPI schemas of records as Jackson writes them: each property under its JSON name (a {@code @JsonProperty}
 * rename, an ignored component left out), scalars by their JSON type, enums by the values Jackson writes, lists as
 * arrays, maps as objects, and every further record as a component of its own, referenced. Durations are strings as
 * users write them ({@code 10s}, {@code PT10S}). An interface or abstract type is an open object: Jackson picks its
 * record at run time, so its fields cannot be listed here.
 */
final class RecordSchemas {

    static final String REF_PREFIX = "#/components/schemas/";

    private final ObjectMapper mapper;
    private final Map<String, Schema> components = new LinkedHashMap<>();
    private final Map<String, Class<?>> named = new LinkedHashMap<>();
    private final Map<Class<?>, String> known;

    /** @param known types whose component is written elsewhere, by its name (a spec that holds any run's spec) */
    RecordSchemas(ObjectMapper mapper, Map<Class<?>, String> known) {
        this.mapper = mapper;
        this.known = Map.copyOf(known);
    }

    /** The components built so far, by name: the records asked for and every record they hold. */
    Map<String, Schema> components() {
        return components;
    }

    /** A reference to {@code type}'s component, built (with the records it holds) on first use. */
    Schema ref(Class<?> type) {
        String name = componentName(type);
        if (!components.containsKey(name)) {
            Schema object = OASFactory.createSchema().addType(SchemaType.OBJECT);
            components.put(name, object); // before the properties, so a record that holds itself ends
            BeanDescription bean = mapper.getSerializationConfig().introspect(mapper.constructType(type));
            for (BeanPropertyDefinition p : bean.findProperties()) {
                if (p.couldSerialize()) {
                    object.addProperty(p.getName(), of(p.getPrimaryType()));
                }
            }
        }
        return OASFactory.createSchema().ref(REF_PREFIX + name);
    }

    /** The name of {@code type}'s component: its simple name, or its binary name when another class took that. */
    String componentName(Class<?> type) {
        Class<?> holder = named.putIfAbsent(type.getSimpleName(), type);
        return holder == null || holder == type ? type.getSimpleName() : type.getName().replace('$', '.');
    }

    private Schema of(JavaType t) {
        Class<?> c = t.getRawClass();
        if (known.containsKey(c)) {
            return OASFactory.createSchema().ref(REF_PREFIX + known.get(c));
        }
        if (t.isArrayType() || t.isCollectionLikeType()) {
            return typed(SchemaType.ARRAY).items(of(t.getContentType()));
        }
        if (t.isMapLikeType()) {
            return typed(SchemaType.OBJECT).additionalPropertiesSchema(of(t.getContentType()));
        }
        if (c.isEnum()) {
            return enumeration(c);
        }
        Schema scalar = scalar(c);
        if (scalar != null) {
            return scalar;
        }
        if (c.isInterface() || java.lang.reflect.Modifier.isAbstract(c.getModifiers()) || c == Object.class) {
            return typed(SchemaType.OBJECT);
        }
        return ref(c);
    }

    /** An enum's values as Jackson writes them: its {@code @JsonValue} where it has one, else each constant's name. */
    private Schema enumeration(Class<?> c) {
        AnnotatedMember value = mapper.getSerializationConfig().introspect(mapper.constructType(c)).findJsonValueAccessor();
        Schema s = typed(SchemaType.STRING);
        for (Object constant : c.getEnumConstants()) {
            s.addEnumeration(value == null ? ((Enum<?>) constant).name() : String.valueOf(value.getValue(constant)));
        }
        return s;
    }

    private static Schema scalar(Class<?> c) {
        if (c == String.class || c == char.class || c == Character.class) {
            return typed(SchemaType.STRING);
        }
        if (c == URI.class) {
            return typed(SchemaType.STRING).format("uri");
        }
        if (c == Duration.class) {
            return typed(SchemaType.STRING).description("a duration: 500ms, 10s, 2m or PT10S");
        }
        if (c == Instant.class) {
            return typed(SchemaType.STRING).format("date-time");
        }
        if (c == boolean.class || c == Boolean.class) {
            return typed(SchemaType.BOOLEAN);
        }
        if (c == int.class || c == Integer.class || c == short.class || c == Short.class || c == byte.class
                || c == Byte.class) {
            return typed(SchemaType.INTEGER).format("int32");
        }
        if (c == long.class || c == Long.class || c == BigInteger.class) {
            return typed(SchemaType.INTEGER).format("int64");
        }
        if (c == double.class || c == Double.class || c == float.class || c == Float.class || c == BigDecimal.class) {
            return typed(SchemaType.NUMBER);
        }
        return null;
    }

    private static Schema typed(SchemaType type) {
        return OASFactory.createSchema().addType(type);
    }
}
